import { afterEach, describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useOverlayStore } from '~/lib/overlay-store'
import { renderWithI18n } from '../product.test-utils'
import { ProductShare } from './product-share'

const initialOverlay = useOverlayStore.getState()
afterEach(() => useOverlayStore.setState(initialOverlay, true))

const URL_ = 'https://shop.example/shop/product/bsn-001/linen-shirt-dress'

describe('share dialog', () => {
  it('opens from the Share button with every target and the product link', async () => {
    const user = userEvent.setup()
    renderWithI18n(<ProductShare url={URL_} title="Linen Shirt Dress" />)
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Share' }))
    const dialog = await screen.findByRole('dialog', { name: 'Share' })
    expect(useOverlayStore.getState().shareOpen).toBe(true)
    for (const name of [
      'Share on X',
      'Share on Facebook',
      'Share on WhatsApp',
      'Share on Telegram',
      'Share on LINE',
      'Share by email',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy()
    }
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Product link' }).value).toBe(URL_)
    expect(dialog.className).toContain('max-w-[400px]')
  })

  it('closes on an outside click, not on a click inside', async () => {
    const user = userEvent.setup()
    renderWithI18n(<ProductShare url={URL_} title="Linen Shirt Dress" />)
    await user.click(screen.getByRole('button', { name: 'Share' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(dialog)
    expect(screen.getByRole('dialog')).toBeTruthy()
    await user.click(screen.getByTestId('share-backdrop'))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(useOverlayStore.getState().shareOpen).toBe(false)
  })

  it('closes on Escape', async () => {
    const user = userEvent.setup()
    renderWithI18n(<ProductShare url={URL_} title="Linen Shirt Dress" />)
    await user.click(screen.getByRole('button', { name: 'Share' }))
    await screen.findByRole('dialog')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
