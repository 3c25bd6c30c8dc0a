import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { formatWib } from '@busana/contract'
import { splitRemaining } from '../purchase.rules'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { i18n, renderWithI18n } from '../product.test-utils'
import { Countdown } from './countdown'

const NOW = Date.parse('2025-03-01T10:00:00+07:00')
// 1 day, 2 hours, 3 minutes and 4 seconds later.
const END = '2025-03-02T12:03:04+07:00'

const values = () => screen.getAllByTestId('countdown-value').map((el) => el.textContent)

describe('countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('renders placeholders on the server (before the first tick)', () => {
    const html = renderToString(
      <I18nProvider i18n={i18n}>
        <Countdown endAt={END} onFinish={() => {}} />
      </I18nProvider>,
    )
    expect(html.match(/>--</g)).toHaveLength(4)
    expect(html).toContain('02 Mar 2025 12:03 WIB')
  })

  it('ticks every second', () => {
    renderWithI18n(<Countdown endAt={END} onFinish={() => {}} />)
    expect(values()).toEqual(['01', '02', '03', '04'])
    act(() => vi.advanceTimersByTime(1000))
    expect(values()).toEqual(['01', '02', '03', '03'])
    act(() => vi.advanceTimersByTime(4000))
    expect(values()).toEqual(['01', '02', '02', '59'])
  })

  it('drops the ticking seconds for a shopper who asked for less motion (issue 29)', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-reduced-motion: reduce)',
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    try {
      renderWithI18n(<Countdown endAt={END} onFinish={() => {}} />)
      expect(values()).toEqual(['01', '02', '03'])
      expect(screen.queryByText('Seconds')).toBeNull()
      act(() => vi.advanceTimersByTime(4000))
      expect(values()).toEqual(['01', '02', '03'])
      act(() => vi.advanceTimersByTime(1000))
      expect(values()).toEqual(['01', '02', '02'])
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('tells a screen reader the time left to the minute, not every second (issue 29)', () => {
    renderWithI18n(<Countdown endAt={END} onFinish={() => {}} />)
    const spoken = screen.getByTestId('countdown-spoken')
    expect(spoken.textContent).toBe('Sale ends in 1 day 2 hours 3 minutes')
    // The ticking cells are hidden from it; its own text is not a live region (a timer is 'off').
    expect(screen.getAllByTestId('countdown-value')[0]!.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(spoken.getAttribute('role')).toBe('timer')
    act(() => vi.advanceTimersByTime(3000))
    expect(spoken.textContent).toBe('Sale ends in 1 day 2 hours 3 minutes')
    act(() => vi.advanceTimersByTime(2000))
    expect(spoken.textContent).toBe('Sale ends in 1 day 2 hours 2 minutes')
  })

  it('says when an upcoming product becomes available, and less than a minute at the end', () => {
    renderWithI18n(<Countdown endAt="2025-03-01T11:00:30+07:00" onFinish={() => {}} upcoming />)
    expect(screen.getByTestId('countdown-spoken').textContent).toBe('Available in 1 hour')
    act(() => vi.advanceTimersByTime(3_600_000))
    expect(screen.getByTestId('countdown-spoken').textContent).toBe('Available in less than a minute')
  })

  it('finishes at zero and calls onFinish once', () => {
    const onFinish = vi.fn()
    renderWithI18n(<Countdown endAt="2025-03-01T10:00:03+07:00" onFinish={onFinish} />)
    expect(values()).toEqual(['00', '00', '00', '03'])
    act(() => vi.advanceTimersByTime(2000))
    expect(onFinish).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1000))
    expect(values()).toEqual(['00', '00', '00', '00'])
    expect(onFinish).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(5000))
    expect(onFinish).toHaveBeenCalledTimes(1)
  })

  it('shows the end time on the UTC+7 clock whatever the zone', () => {
    expect(formatWib(Date.parse('2025-12-31T17:30:00Z'))).toBe('01 Jan 2026 00:30 WIB')
    expect(splitRemaining(90_061_000)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 })
  })
})
