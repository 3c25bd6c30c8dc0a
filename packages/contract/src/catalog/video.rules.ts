/**
 * Gallery videos the storefront can play (issue 26): a YouTube or Vimeo video, played in the
 * provider's own player after the shopper presses play (the page loads nothing of theirs before), or
 * an .mp4 file among this shop's own /media files. The page policy allows exactly these players as
 * frames, and media and posters from this origin only, so the back office refuses anything else.
 */

/** The players a gallery video may open in: the page policy's frame-src adds them. */
export const VIDEO_FRAME_SOURCES: readonly string[] = [
  'https://www.youtube-nocookie.com',
  'https://player.vimeo.com',
]

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtu.be',
  'www.youtube-nocookie.com',
])
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com'])
const YOUTUBE_ID = /^[\w-]{11}$/
const VIMEO_ID = /^\d{1,12}$/

/** A path of this shop's own media (no climbing out of /media/). */
export const isOwnMediaPath = (value: string) =>
  /^\/media\/[A-Za-z0-9._~/-]+$/.test(value) && !value.includes('..')

/**
 * The player address of a YouTube or Vimeo video link (watch?v=, youtu.be/, /shorts/, /embed/,
 * vimeo.com/{id}, player.vimeo.com/video/{id}), or null when the link names no video of theirs.
 */
export function videoPlayerOf(link: string): string | null {
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.username || url.password) return null
  const parts = url.pathname.split('/').filter(Boolean)
  if (YOUTUBE_HOSTS.has(url.hostname)) {
    const id =
      url.hostname === 'youtu.be'
        ? parts[0]
        : parts[0] === 'watch'
          ? url.searchParams.get('v')
          : parts[0] === 'shorts' || parts[0] === 'embed'
            ? parts[1]
            : undefined
    return id && YOUTUBE_ID.test(id) ? `https://www.youtube-nocookie.com/embed/${id}` : null
  }
  if (VIMEO_HOSTS.has(url.hostname)) {
    const id = url.hostname === 'player.vimeo.com' ? (parts[0] === 'video' ? parts[1] : undefined) : parts[0]
    return id && VIMEO_ID.test(id) ? `https://player.vimeo.com/video/${id}` : null
  }
  return null
}

/** An .mp4 file among this shop's own media. */
export const isOwnVideoFile = (value: string) => isOwnMediaPath(value) && /\.mp4$/i.test(value)

/** Whether the storefront can play a gallery video's URL. */
export const isPlayableVideo = (value: string) => isOwnVideoFile(value) || videoPlayerOf(value) !== null
