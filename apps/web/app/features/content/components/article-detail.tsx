import { ARTICLE_IMAGE, type Article } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { RichText } from './rich-text.tsx'

/**
 * /article/{slug} (docs/product/account.md §2 (Articles)): judul, the icon picture and the HTML body. Phones
 * stack them; laptops put the picture beside the text.
 */
export function ArticleDetail({ article, lng }: { article: Article; lng: string }) {
  const { t } = useTranslation('content')
  const date = new Intl.DateTimeFormat(lng === 'id' ? 'id-ID' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'Asia/Jakarta',
  }).format(new Date(article.published_at))
  return (
    <article className="page-container pb-16 pt-4 lg:pt-10">
      <TrackedLink
        to="/article"
        className="text-[11px] font-medium uppercase tracking-[0.16em] text-neutral-500 hover:text-ink"
      >
        ← {t('article.back')}
      </TrackedLink>
      <div className="mt-4 grid gap-6 lg:mt-8 lg:grid-cols-[400px_1fr] lg:gap-14">
        <div className="mx-auto w-full max-w-[280px] lg:sticky lg:top-28 lg:max-w-[400px] lg:self-start">
          <div className="aspect-[2/3] overflow-hidden bg-neutral-100">
            <img
              src={article.icon}
              alt={article.judul}
              width={ARTICLE_IMAGE.width}
              height={ARTICLE_IMAGE.height}
              fetchPriority="high"
              className="size-full object-cover"
            />
          </div>
        </div>
        <div className="max-w-2xl">
          <h1 className="text-xl font-semibold leading-snug lg:text-3xl">{article.judul}</h1>
          <p className="mt-2 text-xs text-neutral-500">
            <time dateTime={article.published_at}>{date}</time>
          </p>
          <RichText html={article.konten} className="mt-6" />
        </div>
      </div>
    </article>
  )
}
