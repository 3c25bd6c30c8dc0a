import { useNamespaceT } from '~/lib/use-namespace-t.ts'

/**
 * A review's words and photos, as the member's list and the product page show them. The text is
 * plain as the buyer wrote it (escaped by the renderer, line breaks kept); `large` is the product
 * page's look, where each photo also opens full size.
 */
export function ReviewBody({
  text,
  photos,
  large = false,
}: {
  text: string
  photos: string[]
  large?: boolean
}) {
  const t = useNamespaceT('reviews')
  return (
    <>
      <p className={`${large ? 'mt-2' : 'mt-1'} whitespace-pre-line break-words text-neutral-700`}>{text}</p>
      {photos.length > 0 && (
        <ul className={`${large ? 'mt-3' : 'mt-2'} flex gap-2`}>
          {photos.map((url, index) => {
            const image = (
              <img
                src={url}
                alt={t('form.photo', 'Photo {{n}}', { n: index + 1 })}
                loading="lazy"
                className={`${large ? 'h-20 w-20' : 'h-16 w-16'} object-cover`}
              />
            )
            return (
              <li key={url}>
                {large ? (
                  <a href={url} target="_blank" rel="noreferrer">
                    {image}
                  </a>
                ) : (
                  image
                )}
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
