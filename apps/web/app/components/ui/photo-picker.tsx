import { useRef } from 'react'
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTO_TYPES } from '@busana/contract'
import { useFilePreviews } from '~/lib/use-file-previews.ts'

/** The picker's words, in the caller's namespace (n counts from 1). */
export type PhotoPickerLabels = {
  photo: (n: number) => string
  remove: (n: number) => string
  add: string
  wrongType: string
  tooLarge: string
}

/**
 * The chosen photos with a remove button each, and a '+' that opens the file dialog until `max` are
 * chosen: the review form and the return request alike, both with the review upload's types and size
 * (the server judges the bytes again). A refused file is left out and named through `onRefused` (null
 * when all went in); the caller says it, with its own heading, where its form shows errors.
 */
export function PhotoPicker({
  photos,
  max,
  labels,
  inputTestId,
  addTone = 'text-neutral-600',
  onChange,
  onRefused,
}: {
  photos: File[]
  max: number
  labels: PhotoPickerLabels
  inputTestId: string
  /** The '+' sign's colour before hover. */
  addTone?: string
  onChange: (photos: File[]) => void
  onRefused: (problem: string | null) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const previews = useFilePreviews(photos)

  function add(files: FileList | null) {
    if (!files) return
    const accepted: File[] = []
    let problem: string | null = null
    for (const file of Array.from(files)) {
      if (!(REVIEW_PHOTO_TYPES as readonly string[]).includes(file.type)) problem = labels.wrongType
      else if (file.size > REVIEW_PHOTO_MAX_BYTES) problem = labels.tooLarge
      else accepted.push(file)
    }
    onRefused(problem)
    onChange([...photos, ...accepted].slice(0, max))
    if (input.current) input.current.value = ''
  }

  return (
    <>
      <ul className="flex flex-wrap gap-2">
        {previews.map((url, index) => (
          <li key={index} className="relative">
            <img src={url} alt={labels.photo(index + 1)} className="h-20 w-20 object-cover" />
            <button
              type="button"
              onClick={() => onChange(photos.filter((_, i) => i !== index))}
              aria-label={labels.remove(index + 1)}
              className="absolute -top-2 -right-2 grid h-6 w-6 place-items-center rounded-full bg-ink text-xs text-white"
            >
              ×
            </button>
          </li>
        ))}
        {photos.length < max && (
          <li>
            <button
              type="button"
              onClick={() => input.current?.click()}
              className={`grid h-20 w-20 place-items-center border border-dashed border-neutral-400 text-2xl ${addTone} hover:border-ink hover:text-ink`}
              aria-label={labels.add}
            >
              +
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={REVIEW_PHOTO_TYPES.join(',')}
        multiple
        hidden
        data-testid={inputTestId}
        onChange={(event) => add(event.target.files)}
      />
    </>
  )
}

/** The labels from a namespace that keeps them under form.* (reviews and returns both do). */
export function photoPickerLabels(
  t: (key: string, fallback: string, vars?: Record<string, string | number>) => string,
): PhotoPickerLabels {
  return {
    photo: (n) => t('form.photo', 'Photo {{n}}', { n }),
    remove: (n) => t('form.removePhoto', 'Remove photo {{n}}', { n }),
    add: t('form.addPhoto', 'Add a photo'),
    wrongType: t('form.photoType', 'Photos must be JPEG, PNG or WebP pictures'),
    tooLarge: t('form.photoSize', 'Each photo must be at most 5 MB'),
  }
}
