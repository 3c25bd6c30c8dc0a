import { useEffect, useState } from 'react'

/**
 * Previews of chosen photos as data: URLs (the pages' Content-Security-Policy allows data: images,
 * not blob:), for the review and return forms. Read again when the choice changes; a late read of
 * an old choice is dropped.
 */
export function useFilePreviews(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([])
  useEffect(() => {
    let current = true
    void Promise.all(
      files.map(
        (file) =>
          new Promise<string>((resolve) => {
            const reader = new FileReader()
            reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '')
            reader.onerror = () => resolve('')
            reader.readAsDataURL(file)
          }),
      ),
    ).then((read) => {
      if (current) setUrls(read)
    })
    return () => {
      current = false
    }
  }, [files])
  return urls
}
