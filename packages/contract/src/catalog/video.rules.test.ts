import { describe, expect, it } from 'vitest'
import { isPlayableVideo, videoPlayerOf } from './video.rules.ts'

describe('gallery videos the storefront can play (issue 26)', () => {
  it('finds the player of a YouTube or Vimeo link', () => {
    const yt = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
    expect(videoPlayerOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3')).toBe(yt)
    expect(videoPlayerOf('https://youtu.be/dQw4w9WgXcQ')).toBe(yt)
    expect(videoPlayerOf('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe(yt)
    expect(videoPlayerOf('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(yt)
    expect(videoPlayerOf('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871')
    expect(videoPlayerOf('https://player.vimeo.com/video/76979871')).toBe(
      'https://player.vimeo.com/video/76979871',
    )
  })

  it('finds none for a link without a video, another host, http or a tricked address', () => {
    expect(videoPlayerOf('https://www.youtube.com/watch?v=abc')).toBeNull()
    expect(videoPlayerOf('https://www.youtube.com/channel/UC123')).toBeNull()
    expect(videoPlayerOf('http://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBeNull()
    expect(videoPlayerOf('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull()
    expect(videoPlayerOf('https://user:pw@vimeo.com/76979871')).toBeNull()
    expect(videoPlayerOf('https://vimeo.com/channels/staffpicks')).toBeNull()
    expect(videoPlayerOf('not a url')).toBeNull()
  })

  it('plays own .mp4 files and the providers’ videos only', () => {
    expect(isPlayableVideo('/media/video/linen-shirt-v1.mp4')).toBe(true)
    expect(isPlayableVideo('https://vimeo.com/76979871')).toBe(true)
    expect(isPlayableVideo('https://cdn.example.com/clip.mp4')).toBe(false)
    expect(isPlayableVideo('/media/../etc/clip.mp4')).toBe(false)
    expect(isPlayableVideo('/media/video/clip.webm')).toBe(false)
  })
})
