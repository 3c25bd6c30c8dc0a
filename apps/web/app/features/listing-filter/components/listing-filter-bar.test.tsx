import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation } from 'react-router'
import type { ListingFacets, ListingFilter } from '@busana/contract'
import { renderWithApp, testTranslations } from '~/lib/test-utils.tsx'
import type { Language } from '~/lib/i18n.ts'
import enFilter from '~/locales/en/filter.json'
import idFilter from '~/locales/id/filter.json'
import enOverlay from '~/locales/en/filter-overlay.json'
import idOverlay from '~/locales/id/filter-overlay.json'
import { facetsFixture } from '~/features/catalog/catalog.fixtures.ts'
import { filterOfSearch } from '../listing-filter.rules.ts'
import { ListingFilterBar, type LoadFacets } from './listing-filter-bar.tsx'
import { EmptyFilterResult } from './empty-filter-result.tsx'

// jsdom lays nothing out: every element gets one box so the modal's tab stops see it as shown.
Object.defineProperty(HTMLElement.prototype, 'getClientRects', {
  configurable: true,
  value() {
    return (this as HTMLElement).hidden ? [] : [{}]
  },
})
Element.prototype.scrollIntoView = () => undefined

/** Facets as the API answers them (a hand-made listing of 24 products). */
const facets = facetsFixture

const translations = {
  en: { ...testTranslations.en, filter: enFilter, 'filter-overlay': enOverlay },
  id: { ...testTranslations.id, filter: idFilter, 'filter-overlay': idOverlay },
}

/** The bar as a route renders it: the filter read from the address, which the test shows too. */
function Page({ loadFacets, answer }: { loadFacets: LoadFacets; answer: ListingFacets }) {
  const location = useLocation()
  const filter = filterOfSearch(location.search)
  return (
    <>
      <ListingFilterBar filter={filter} total={answer.total} loadFacets={loadFacets} />
      <p data-testid="address">{location.search}</p>
    </>
  )
}

function setup(
  path: string,
  {
    answer = facets(),
    lng = 'en' as Language,
    loadFacets,
  }: { answer?: ListingFacets; lng?: Language; loadFacets?: LoadFacets } = {},
) {
  const load = vi.fn<LoadFacets>(
    loadFacets ?? (async (filter: ListingFilter) => facets({ total: filter.size ? 12 : 24 })),
  )
  renderWithApp(<Page loadFacets={load} answer={answer} />, {
    path,
    lng,
    rootData: { translations },
  })
  return { load, user: userEvent.setup() }
}

const address = () => screen.getByTestId('address').textContent

describe('the filter bar', () => {
  it('shows how many filters are chosen, the product count, and removable chips', async () => {
    const { user } = setup('/shop/9/category/tops?size=M&colour=black&sort=price_asc')
    expect(screen.getByRole('button', { name: 'Filter, 2 chosen' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('24 products')
    const chips = screen.getByRole('list', { name: 'Active filters' })
    expect(
      within(chips)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Remove filter M', 'Remove filter Black'])
    await user.click(screen.getByRole('button', { name: 'Remove filter M' }))
    await waitFor(() => expect(address()).toBe('?colour=black&sort=price_asc'))
    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    await waitFor(() => expect(address()).toBe('?sort=price_asc'))
    expect(screen.queryByRole('list', { name: 'Active filters' })).toBeNull()
  })

  it('sorts through a radio group; a tap picks and closes', async () => {
    const { user } = setup('/search?query=kemeja')
    await user.click(screen.getByRole('button', { name: /Sort/ }))
    const group = await screen.findByRole('radiogroup', { name: 'Sort by' })
    expect(within(group).getByRole('radio', { name: 'Recommended' })).toHaveProperty('checked', true)
    await user.click(within(group).getByRole('radio', { name: 'Price: low to high' }))
    await waitFor(() => expect(address()).toBe('?query=kemeja&sort=price_asc'))
    expect(screen.queryByRole('radiogroup')).toBeNull()
  })

  it('speaks Indonesian: the bar, the sort and the colour names', async () => {
    setup('/shop/9/category/tops?colour=black', { lng: 'id' })
    expect(screen.getByRole('button', { name: /Urutkan/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Hapus filter Hitam' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('24 produk')
  })
})

describe('the filter overlay', () => {
  it('counts each choice, disables one that shows nothing, recounts a pending choice and applies it', async () => {
    const { user, load } = setup('/shop/9/category/tops?sort=price_desc')
    const opener = screen.getByRole('button', { name: 'Filter' })
    await user.click(opener)
    const dialog = await screen.findByRole('dialog', { name: 'Filter' })
    expect(document.body.style.overflow).toBe('hidden')

    // The page carries only the total: the counts are asked for as the overlay opens (without the
    // sort, which changes no count).
    expect(await within(dialog).findByRole('button', { name: 'S (10)' })).toHaveProperty('disabled', false)
    expect(load).toHaveBeenCalledWith({}, expect.any(AbortSignal))
    expect(within(dialog).getByRole('button', { name: 'L (0)' })).toHaveProperty('disabled', true)
    expect(within(dialog).getByRole('button', { name: 'Black (5)' })).toBeTruthy()
    expect(within(dialog).getByRole('checkbox', { name: 'On sale (4)' })).toBeTruthy()
    expect(within(dialog).getByRole('button', { name: 'Show 24 products' })).toBeTruthy()

    await user.click(within(dialog).getByRole('button', { name: 'M (12)' }))
    expect(within(dialog).getByRole('button', { name: 'M (12)' }).getAttribute('aria-pressed')).toBe('true')
    // The counts of the pending choice are asked for (without the sort, which changes no count).
    await waitFor(() => expect(load).toHaveBeenCalledWith({ size: ['M'] }, expect.any(AbortSignal)))
    const show = await within(dialog).findByRole('button', { name: 'Show 12 products' })
    await waitFor(() => expect(show).toHaveProperty('disabled', false))
    expect(within(dialog).getByRole('status').textContent).toBe('12 products match')

    await user.click(show)
    await waitFor(() => expect(address()).toBe('?size=M&sort=price_desc'))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.style.overflow).toBe('')
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Filter, 1 chosen' }))
  })

  it('keeps the keyboard inside, and Escape closes without applying', async () => {
    const { user } = setup('/shop/9/category/tops')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter' })
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Close filter' }))
    for (let i = 0; i < 20; i++) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
    await user.keyboard('{Shift>}{Tab}{/Shift}')
    expect(dialog.contains(document.activeElement)).toBe(true)
    await user.click(within(dialog).getByRole('button', { name: 'S (10)' }))
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(address()).toBe('')
  })

  it('Clear all resets the pending choice; a reversed price range says so and cannot be applied', async () => {
    const { user, load } = setup('/shop/9/category/tops?size=M&on_sale=YES')
    await user.click(screen.getByRole('button', { name: /^Filter/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter' })
    expect(await within(dialog).findByRole('checkbox', { name: /On sale/ })).toHaveProperty('checked', true)
    await user.click(within(dialog).getByRole('button', { name: 'Clear all' }))
    expect(within(dialog).getByRole('button', { name: 'M (12)' }).getAttribute('aria-pressed')).toBe('false')
    expect(within(dialog).getByRole('checkbox', { name: /On sale/ })).toHaveProperty('checked', false)
    await waitFor(() => expect(load).toHaveBeenCalledWith({}, expect.any(AbortSignal)))

    await user.type(within(dialog).getByRole('textbox', { name: 'Lowest price' }), '300000')
    await user.type(within(dialog).getByRole('textbox', { name: 'Highest price' }), '100000')
    expect(within(dialog).getByRole('alert').textContent).toMatch(/lowest price must not be above/)
    expect(within(dialog).getByRole('textbox', { name: 'Lowest price' }).getAttribute('aria-invalid')).toBe(
      'true',
    )
    expect(within(dialog).getByTestId('filter-apply')).toHaveProperty('disabled', true)
  })

  it('a price preset fills the fields and is applied as min and max price', async () => {
    const { user, load } = setup('/shop/9/category/tops')
    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const dialog = await screen.findByRole('dialog', { name: 'Filter' })
    // Each preset is counted for the choice as it stands.
    await waitFor(() => expect(load).toHaveBeenCalledWith({ max_price: 100_000 }, expect.any(AbortSignal)))
    const preset = await within(dialog).findByRole('button', { name: 'Under Rp 100.000 (24)' })
    await user.click(preset)
    expect(preset.getAttribute('aria-pressed')).toBe('true')
    expect(within(dialog).getByRole('textbox', { name: 'Highest price' })).toHaveProperty('value', '100.000')
    const show = within(dialog).getByTestId('filter-apply')
    await waitFor(() => expect(show).toHaveProperty('disabled', false))
    await user.click(show)
    await waitFor(() => expect(address()).toBe('?max_price=100000'))
    expect(screen.getByRole('button', { name: 'Remove filter Up to Rp 100.000' })).toBeTruthy()
  })
})

describe('an empty result', () => {
  it('offers to remove the last filter and to clear them all', async () => {
    function Empty() {
      const location = useLocation()
      return (
        <>
          <EmptyFilterResult filter={filterOfSearch(location.search)} />
          <p data-testid="address">{location.search}</p>
        </>
      )
    }
    renderWithApp(<Empty />, { path: '/search?query=x&size=M&on_sale=YES', rootData: { translations } })
    const user = userEvent.setup()
    expect(screen.getByRole('heading', { name: 'No products match these filters' })).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Remove On sale' }))
    await waitFor(() => expect(address()).toBe('?query=x&size=M'))
    // One filter left: no Clear all beside its own removal.
    expect(screen.getByRole('button', { name: 'Remove M' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Clear all filters' })).toBeNull()
  })
})
