import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { STORE_SEARCH_DEBOUNCE_MS, type Store } from '@busana/contract'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { createI18n } from '~/lib/i18n.ts'
import { stubMatchMedia, testRootData, testTranslations } from '~/lib/test-utils.tsx'
import enContent from '~/locales/en/content.json'
import { apiAnswer } from '~/test/contract-answer.ts'
import { StoreLocator } from './store-locator.tsx'

const store = (id: number, name: string, mapUrl: string | null): Store => ({
  id,
  name,
  address: `Jl. ${name} No. ${id}`,
  city: name,
  whatsapp: `08121000${id}`,
  map_embed: '',
  map_url: mapUrl,
})
const jakarta = store(1, 'Jakarta', 'https://maps.google.com/maps?q=-6.2,106.8&output=embed')
const bandung = store(2, 'Bandung', 'https://www.openstreetmap.org/export/embed.html?bbox=1,2,3,4')
const makassar = store(3, 'Makassar', null)

let fetchMock: ReturnType<typeof vi.fn>
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true })
  fetchMock = vi.fn(async (input: string) => {
    const keyword = new URL(input, 'http://x').searchParams.get('keyword') ?? ''
    const data = [jakarta, bandung, makassar].filter((s) =>
      s.name.toLowerCase().includes(keyword.toLowerCase()),
    )
    return apiAnswer('GET /api/v3/offline-store', data, 'Success', { total_pages: 1 })
  })
  vi.stubGlobal('fetch', fetchMock)
  vi.stubGlobal('matchMedia', stubMatchMedia(true))
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

function renderLocator(initialStores: Store[], initialTotalPages = 1) {
  const rootData = testRootData()
  const translations = { en: { ...testTranslations.en, content: enContent } }
  const i18n = createI18n('en', translations, { load: false })
  const ui = (
    <StoreLocator
      initialKeyword=""
      initialStores={initialStores}
      initialTotalPages={initialTotalPages}
      brandId={9}
    />
  )
  const Stub = createRoutesStub([{ id: 'root', path: '*', Component: () => ui, loader: () => rootData }])
  render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={['/our-store']} hydrationData={{ loaderData: { root: rootData } }} />
    </I18nProvider>,
  )
}

const box = () => screen.getByRole('searchbox', { name: 'Search stores' })
const type = (value: string) => fireEvent.input(box(), { target: { value } })
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

describe('StoreLocator', () => {
  it('searches once, 500 ms after the last keystroke, and shows the first match with its map', async () => {
    renderLocator([jakarta, bandung, makassar])
    expect(screen.getAllByTitle('Map of Jakarta')).not.toHaveLength(0)
    type('b')
    type('ba')
    type('band')
    await wait(STORE_SEARCH_DEBOUNCE_MS - 50)
    expect(fetchMock).not.toHaveBeenCalled()
    await wait(100)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const url = new URL(fetchMock.mock.calls[0]![0] as string, 'http://x')
    expect(url.pathname).toBe('/api/v3/offline-store')
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '1', keyword: 'band', id_brand: '9' })
    expect(await screen.findAllByTitle('Map of Bandung')).not.toHaveLength(0)
    expect(screen.queryByText('Jakarta')).toBeNull()
  })

  it("says 'Maps Not Found' for a store without a usable map and 'Store Not Found' for no match", async () => {
    renderLocator([makassar])
    expect(screen.getAllByText('Maps Not Found').length).toBeGreaterThan(0)
    expect(document.querySelector('iframe')).toBeNull()
    type('nowhere')
    await wait(STORE_SEARCH_DEBOUNCE_MS + 10)
    expect(await screen.findByText('Store Not Found')).toBeTruthy()
  })

  it('shows the map of the store chosen in the list', async () => {
    renderLocator([jakarta, bandung])
    fireEvent.click(screen.getByRole('button', { name: /Bandung/ }))
    const frames = screen.getAllByTitle('Map of Bandung')
    expect(frames[0]?.getAttribute('src')).toBe(bandung.map_url)
    expect(frames[0]?.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-popups')
  })

  it('adds the next page under the list with More stores, then hides the button on the last page', async () => {
    // Two stores a page here: page 2 holds Makassar alone.
    fetchMock.mockImplementation(async (input: string) => {
      const page = new URL(input, 'http://x').searchParams.get('page')
      const data = page === '2' ? [makassar] : [jakarta, bandung]
      return apiAnswer('GET /api/v3/offline-store', data, 'Success', { total_pages: 2 })
    })
    renderLocator([jakarta, bandung], 2)
    expect(screen.getAllByRole('listitem')).toHaveLength(2)
    fireEvent.click(screen.getByRole('button', { name: 'More stores' }))
    const makassarButton = await screen.findByRole('button', { name: /Makassar/ })
    expect(screen.getAllByRole('listitem')).toHaveLength(3)
    const url = new URL(fetchMock.mock.calls[0]![0] as string, 'http://x')
    expect(Object.fromEntries(url.searchParams)).toEqual({ page: '2', id_brand: '9' })
    await waitFor(() => expect(document.activeElement).toBe(makassarButton))
    expect(screen.queryByRole('button', { name: 'More stores' })).toBeNull()
  })

  it('takes the page count of each new search (one page: no More stores button)', async () => {
    renderLocator([jakarta, bandung, makassar], 2)
    expect(screen.getByRole('button', { name: 'More stores' })).toBeTruthy()
    type('band')
    await wait(STORE_SEARCH_DEBOUNCE_MS + 10)
    await screen.findByRole('button', { name: /Bandung/, pressed: true })
    expect(screen.queryByRole('button', { name: 'More stores' })).toBeNull()
  })

  describe('on a phone (the map opens inside the list)', () => {
    beforeEach(() => vi.stubGlobal('matchMedia', stubMatchMedia(false)))
    const pressed = () => screen.getAllByRole('button', { pressed: true }).map((button) => button.textContent)

    it('opens no map by itself in a list of several stores, only under the store tapped', () => {
      renderLocator([jakarta, bandung, makassar])
      expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0)
      expect(screen.getByText(/Choose a store to see its map/)).toBeTruthy()
      fireEvent.click(screen.getByRole('button', { name: /Bandung/ }))
      expect(pressed()).toEqual([expect.stringContaining('Bandung')])
    })

    it('opens the map of a lone match without a tap', async () => {
      renderLocator([jakarta, bandung, makassar])
      type('band')
      await wait(STORE_SEARCH_DEBOUNCE_MS + 10)
      await screen.findByRole('button', { name: /Bandung/, pressed: true })
      expect(screen.getAllByTitle('Map of Bandung')).not.toHaveLength(0)
    })

    it('keeps a store tapped while a search is on its way when the answer still holds it', async () => {
      renderLocator([jakarta, bandung, makassar])
      type('a') // matches all three
      fireEvent.click(screen.getByRole('button', { name: /Makassar/ }))
      await wait(STORE_SEARCH_DEBOUNCE_MS + 10)
      expect(fetchMock).toHaveBeenCalledTimes(1)
      expect(pressed()).toEqual([expect.stringContaining('Makassar')])
      type('band') // no Makassar in this answer: nothing stays chosen
      await wait(STORE_SEARCH_DEBOUNCE_MS + 10)
      await screen.findByRole('button', { name: /Bandung/, pressed: true })
    })
  })
})
