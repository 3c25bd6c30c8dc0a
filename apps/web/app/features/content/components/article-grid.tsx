import { ARTICLE_IMAGE } from '@busana/contract'
import type { ArticleCard } from '../content.server.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'

/**
 * /article (docs/product/account.md §2 (Articles)): ARTICLE and a grid of cards, 2 columns on phones and 4 on
 * laptops, each with its 400 x 600 picture (lazy), title and preview, linking to /article/{slug}.
 */
export function ArticleGrid({ articles }: { articles: ArticleCard[] }) {
  const { t } = useTranslation('content')
  return (
    <div className="page-container pb-16 pt-6 lg:pt-10">
      <h1 className="text-center text-lg font-semibold tracking-[0.24em] lg:text-2xl">
        {t('article.heading')}
      </h1>
      {articles.length === 0 ? (
        <p className="py-16 text-center text-sm text-neutral-500">{t('article.empty')}</p>
      ) : (
        <ul className="mt-6 grid grid-cols-2 gap-x-3 gap-y-8 lg:mt-10 lg:grid-cols-4 lg:gap-x-5">
          {articles.map((article) => (
            <li key={article.slug}>
              <TrackedLink to={`/article/${article.slug}`} className="group block">
                <div className="aspect-[2/3] overflow-hidden bg-neutral-100">
                  <img
                    src={article.icon}
                    alt=""
                    width={ARTICLE_IMAGE.width}
                    height={ARTICLE_IMAGE.height}
                    loading="lazy"
                    className="card-img"
                  />
                </div>
                <h2 className="mt-3 text-sm font-semibold leading-snug group-hover:underline group-hover:underline-offset-4">
                  {article.judul}
                </h2>
                <p className="mt-1.5 line-clamp-4 text-xs leading-relaxed text-neutral-600">
                  {article.preview}
                </p>
                <span className="mt-2 inline-block text-[11px] font-medium uppercase tracking-[0.16em] text-ink">
                  {t('article.readMore')}
                </span>
              </TrackedLink>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
