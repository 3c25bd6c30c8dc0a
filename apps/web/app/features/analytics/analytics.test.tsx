import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { useNavigate } from 'react-router'
import { renderWithApp, testTranslations } from '~/lib/test-utils.tsx'
import { connectAnalytics, disconnectAnalytics, track, type AnalyticsEvent } from '~/lib/analytics.ts'
import { CONSENT_KEY, commerceOf, consented, declined } from '~/lib/track-later.ts'
import enAnalytics from '~/locales/en/analytics.json'
import idAnalytics from '~/locales/id/analytics.json'
import { startVendors, vendorScripts } from './analytics.vendors.ts'
import { ConsentedAnalytics } from './components/consented-analytics.tsx'

const viewItem: AnalyticsEvent = {
  name: 'view_item',
  params: commerceOf([{ item_id: 'PRP-1081', item_name: 'Topi', price: 149_000 }]),
}

const isArgs = (e: unknown) => Object.prototype.toString.call(e) === '[object Arguments]'
const ga4 = () => (window.dataLayer ?? []).filter(isArgs).map((e) => Array.from(e as ArrayLike<unknown>))

beforeEach(() => {
  window.localStorage.clear()
  delete window.dataLayer
  delete window.gtag
  delete window.fbq
  delete window._fbq
  document.head.querySelectorAll('script[data-analytics]').forEach((s) => s.remove())
  disconnectAnalytics()
})
afterEach(() => {
  vi.unstubAllGlobals()
  disconnectAnalytics()
})

describe('track (consent first)', () => {
  it('keeps nothing before consent or after Decline', () => {
    track(viewItem)
    window.localStorage.setItem(CONSENT_KEY, 'denied')
    expect(declined()).toBe(true)
    track(viewItem)
    const sink = vi.fn()
    connectAnalytics(sink)
    expect(sink).not.toHaveBeenCalled()
  })

  it('after Accept, holds events until the vendors connect, then sends them as they come', () => {
    window.localStorage.setItem(CONSENT_KEY, 'granted')
    expect(consented()).toBe(true)
    track(viewItem)
    const sink = vi.fn()
    connectAnalytics(sink)
    expect(sink).toHaveBeenCalledWith(viewItem)
    track({ name: 'login', params: { method: 'email' } })
    expect(sink).toHaveBeenLastCalledWith({ name: 'login', params: { method: 'email' } })
  })

  it('values lines in IDR: price times quantity', () => {
    expect(
      commerceOf([
        { item_id: 'A', price: 100_000, quantity: 2 },
        { item_id: 'B', price: 50_000 },
      ]),
    ).toMatchObject({ currency: 'IDR', value: 250_000 })
  })
})

describe('startVendors', () => {
  it('GA4 only: gtag js/config without an automatic page view, events as gtag commands, no fbq', () => {
    const send = startVendors({ GA4_ID: 'G-TEST1234' })
    expect(ga4().map((c) => c[0])).toEqual(['js', 'config'])
    expect(ga4()[1]).toEqual(['config', 'G-TEST1234', { send_page_view: false }])
    send(viewItem)
    expect(ga4()[2]).toEqual(['event', 'view_item', viewItem.params])
    expect(window.fbq).toBeUndefined()
    expect((window.dataLayer ?? []).some((e) => !isArgs(e))).toBe(false)
  })

  it('GTM and Meta: the container start, ecommerce pushes, fbq init and standard events', () => {
    const send = startVendors({ GTM_ID: 'GTM-TEST12', META_PIXEL_ID: '1234567890' })
    send(viewItem)
    send({
      name: 'purchase',
      params: { ...viewItem.params, transaction_id: 'SO-1', tax: 0, shipping: 10_000 },
    })
    const pushes = (window.dataLayer ?? []).filter((e) => !isArgs(e))
    expect(pushes[0]).toMatchObject({ event: 'gtm.js' })
    expect(pushes).toContainEqual({ event: 'view_item', ecommerce: viewItem.params })
    expect(pushes).toContainEqual({ ecommerce: null })
    expect(pushes.at(-1)).toMatchObject({ event: 'purchase', ecommerce: { transaction_id: 'SO-1', tax: 0 } })
    const queue = window.fbq!.queue
    expect(queue).toContainEqual(['set', 'autoConfig', true, '1234567890'])
    expect(queue).toContainEqual(['init', '1234567890'])
    expect(queue.at(-1)).toEqual([
      'track',
      'Purchase',
      expect.objectContaining({ content_ids: ['PRP-1081'], currency: 'IDR', value: 149_000 }),
    ])
    expect(ga4()).toEqual([])
  })

  it('adds the configured vendors’ scripts only when the browser is idle', () => {
    const idle: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run))
    startVendors({ GA4_ID: 'G-TEST1234', META_PIXEL_ID: '1234567890' })
    expect(document.querySelectorAll('script[data-analytics]')).toHaveLength(0)
    idle.forEach((run) => run())
    const sources = [...document.querySelectorAll<HTMLScriptElement>('script[data-analytics]')].map(
      (s) => s.src,
    )
    expect(sources).toEqual(vendorScripts({ GA4_ID: 'G-TEST1234', META_PIXEL_ID: '1234567890' }))
    expect(sources.some((s) => s.includes('gtm.js'))).toBe(false)
  })
})

describe('ConsentedAnalytics', () => {
  const translations = {
    en: { ...testTranslations.en, analytics: enAnalytics },
    id: { ...testTranslations.id, analytics: idAnalytics },
  }

  it('asks first; Accept is remembered and starts the vendors with a page view', async () => {
    vi.stubGlobal('requestIdleCallback', () => 0)
    renderWithApp(<ConsentedAnalytics ids={{ GA4_ID: 'G-TEST1234' }} />, {
      path: '/search?query=batik',
      rootData: { translations },
    })
    const region = await screen.findByRole('region', { name: 'Cookies and analytics' })
    expect(window.dataLayer).toBeUndefined()
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }))
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('granted')
    await waitFor(() => expect(ga4().find((c) => c[1] === 'page_view')).toBeTruthy())
    expect(ga4().find((c) => c[1] === 'page_view')![2]).toMatchObject({ page_path: '/search?query=batik' })
    expect(region.isConnected).toBe(false)
  })

  it('counts a page that forwards at once by a replace as the page it forwards to, under its own title (issue 44 item 3)', async () => {
    vi.stubGlobal('requestIdleCallback', () => 0)
    window.localStorage.setItem(CONSENT_KEY, 'granted')
    let navigate: ReturnType<typeof useNavigate> = () => undefined
    function Shell() {
      navigate = useNavigate()
      return <ConsentedAnalytics ids={{ GA4_ID: 'G-TEST1234' }} />
    }
    renderWithApp(<Shell />, { path: '/cart', rootData: { translations } })
    await waitFor(() => expect(ga4().filter((c) => c[1] === 'page_view')).toHaveLength(1))
    // A push to the order page, forwarded at once (replace) to its thanks.
    document.title = 'Account'
    await act(async () => {
      await navigate('/member/order/7')
      await navigate('/member/order/7/success', { replace: true })
    })
    document.title = 'Thank you for your order! | Prepps'
    await waitFor(() => expect(ga4().filter((c) => c[1] === 'page_view')).toHaveLength(2))
    await new Promise((resolve) => setTimeout(resolve, 600))
    const views = ga4()
      .filter((c) => c[1] === 'page_view')
      .map((c) => c[2] as Record<string, string>)
    expect(views.map((v) => v.page_path)).toEqual(['/cart', '/member/order/7/success'])
    expect(views[1]!.page_title).toBe('Thank you for your order! | Prepps')
  })

  it('Decline is remembered and sends nothing (Indonesian banner)', async () => {
    renderWithApp(<ConsentedAnalytics ids={{ GA4_ID: 'G-TEST1234' }} />, {
      lng: 'id',
      rootData: { translations },
    })
    await screen.findByRole('region', { name: 'Cookie dan analitik' })
    fireEvent.click(screen.getByRole('button', { name: 'Tolak' }))
    expect(window.localStorage.getItem(CONSENT_KEY)).toBe('denied')
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull())
    expect(window.dataLayer).toBeUndefined()
  })
})
