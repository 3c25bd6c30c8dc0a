import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen } from '@testing-library/react'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { MESSAGE_AUTO_HIDE_MS, MessagePopup } from './message-popup.tsx'

beforeEach(() => {
  vi.useFakeTimers()
  useOverlayStore.setState({ message: null })
})
afterEach(() => vi.useRealTimers())

describe('MessagePopup', () => {
  it('shows the message and hides it after 3 s', () => {
    render(<MessagePopup />)
    act(() => useOverlayStore.getState().showMessage('Added to My Wishlist', 'success'))
    expect(screen.getByRole('status').textContent).toBe('Added to My Wishlist')
    act(() => vi.advanceTimersByTime(MESSAGE_AUTO_HIDE_MS - 1))
    expect(screen.getByText('Added to My Wishlist')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByText('Added to My Wishlist')).toBeNull()
    expect(useOverlayStore.getState().message).toBeNull()
  })

  it('a new message restarts the 3 s', () => {
    render(<MessagePopup />)
    act(() => useOverlayStore.getState().showMessage('First'))
    act(() => vi.advanceTimersByTime(2000))
    act(() => useOverlayStore.getState().showMessage('Second'))
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.getByText('Second')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1000))
    expect(screen.queryByText('Second')).toBeNull()
  })

  it('says confirmations politely and errors at once, each in a live region there from the start (issue 29)', () => {
    render(<MessagePopup />)
    const polite = screen.getByRole('status')
    const alert = screen.getByRole('alert')
    expect(polite.textContent).toBe('')
    expect(alert.textContent).toBe('')
    act(() => useOverlayStore.getState().showMessage('Voucher applied', 'success'))
    expect(polite.textContent).toBe('Voucher applied')
    expect(alert.textContent).toBe('')
    act(() => useOverlayStore.getState().showMessage('Voucher not found', 'error'))
    expect(screen.getByRole('alert')).toBe(alert)
    expect(alert.textContent).toBe('Voucher not found')
    expect(polite.textContent).toBe('')
  })
})
