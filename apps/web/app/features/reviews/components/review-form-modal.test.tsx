import { describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReviewItem } from '@busana/contract'
import { renderWithApp } from '~/lib/test-utils'
import { ReviewFormModal } from './review-form-modal'

const item: ReviewItem = {
  id_rating: 7,
  invoice_number: 'BSN-261125-ABC',
  order_date: '2026-11-20T10:00:00+07:00',
  product_code: 'PRP-1081',
  img_product: '/media/p/hat.svg',
  product_name: 'Topi Bucket Katun Krem',
  ukuran: 'ALL SIZE',
  rating: '0',
  review: '',
  url_image: [],
  status: 'OPEN',
}

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })

describe('the review modal (docs/product/account.md §5, Review)', () => {
  it('needs stars and words, counts down from 300, and loses the add button at three photos', async () => {
    const onSubmit = vi.fn()
    const user = userEvent.setup()
    renderWithApp(<ReviewFormModal item={item} busy={false} onSubmit={onSubmit} onClose={() => {}} />)
    const submit = screen.getByRole('button', { name: 'SUBMIT REVIEW' })
    expect(submit).toHaveProperty('disabled', true)

    await user.click(screen.getByRole('radio', { name: '5 of 5 stars' }))
    expect(submit).toHaveProperty('disabled', true)
    await user.type(screen.getByLabelText('Your review'), 'Lovely')
    expect(screen.getByText('294 characters left')).toBeTruthy()
    expect(submit).toHaveProperty('disabled', false)

    const input = screen.getByTestId('review-photo-input') as HTMLInputElement
    await user.upload(input, [png('a.png'), png('b.png')])
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeTruthy()
    await user.upload(input, [png('c.png'), png('d.png')])
    await waitFor(() => expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(3))
    expect(screen.queryByRole('button', { name: 'Add a photo' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }))
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeTruthy()

    await user.click(submit)
    expect(onSubmit).toHaveBeenCalledTimes(1)
    const sent = onSubmit.mock.calls[0]![0] as { rating: number; text: string; photos: File[] }
    expect(sent.rating).toBe(5)
    expect(sent.text).toBe('Lovely')
    expect(sent.photos.map((file) => file.name)).toEqual(['b.png', 'c.png'])
  })

  it('rates with the arrow keys from one tab stop, as a radio group (issue 29)', async () => {
    const user = userEvent.setup()
    renderWithApp(<ReviewFormModal item={item} busy={false} onSubmit={() => {}} onClose={() => {}} />)
    const star = (n: number) => screen.getByRole('radio', { name: `${n} of 5 stars` })
    expect([1, 2, 3, 4, 5].map((n) => star(n).tabIndex)).toEqual([0, -1, -1, -1, -1])
    star(1).focus()
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}')
    expect(star(4).getAttribute('aria-checked')).toBe('true')
    expect(document.activeElement).toBe(star(4))
    expect([1, 2, 3, 4, 5].map((n) => star(n).tabIndex)).toEqual([-1, -1, -1, 0, -1])
    await user.keyboard('{End}{ArrowRight}')
    expect(star(5).getAttribute('aria-checked')).toBe('true')
    await user.keyboard('{ArrowLeft}{Home}')
    expect(star(1).getAttribute('aria-checked')).toBe('true')
    expect(document.activeElement).toBe(star(1))
  })

  it('turns away a file that is not a JPEG, PNG or WebP before sending', async () => {
    const user = userEvent.setup({ applyAccept: false })
    renderWithApp(<ReviewFormModal item={item} busy={false} onSubmit={() => {}} onClose={() => {}} />)
    await user.upload(
      screen.getByTestId('review-photo-input') as HTMLInputElement,
      new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' }),
    )
    expect(screen.getByText('Photos must be JPEG, PNG or WebP pictures')).toBeTruthy()
    expect(screen.queryByRole('img', { name: 'Photo 1' })).toBeNull()
  })
})
