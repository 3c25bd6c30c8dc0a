import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithI18n } from '../product.test-utils'
import { ProductGallery } from './product-gallery'

describe('gallery videos (issue 26)', () => {
  it('shows a YouTube video as its poster and opens the privacy-enhanced player only when played', async () => {
    const user = userEvent.setup()
    const { container } = renderWithI18n(
      <ProductGallery
        name="Linen Shirt"
        media={[
          { type: 'video', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', src: '/media/fallback.svg' },
        ]}
      />,
    )
    expect(container.querySelector('iframe')).toBeNull()
    expect(container.querySelector('video')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Play video: Linen Shirt' }))
    const player = container.querySelector('iframe')
    expect(player?.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1')
    expect(player?.getAttribute('title')).toBe('Play video: Linen Shirt')
  })

  it('plays the shop’s own .mp4 in a video element that loads nothing until played', () => {
    const { container } = renderWithI18n(
      <ProductGallery
        name="Linen Shirt"
        media={[{ type: 'video', url: '/media/video/linen-shirt-v1.mp4', src: '/media/fallback.svg' }]}
      />,
    )
    const video = container.querySelector('video')
    expect(video?.getAttribute('src')).toBe('/media/video/linen-shirt-v1.mp4')
    expect(video?.getAttribute('preload')).toBe('none')
    expect(container.querySelector('iframe')).toBeNull()
  })
})
