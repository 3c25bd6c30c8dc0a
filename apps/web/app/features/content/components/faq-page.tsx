import type { FaqView } from '../content.server.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { RichText } from './rich-text.tsx'

/**
 * /help/faq (docs/product/account.md §2 (Help FAQ)): the categories, then the chosen category's questions,
 * each answer opening under its question (native details: works before and without JavaScript).
 * Phones show the breadcrumb Help / FAQ / category.
 */
export function FaqPage({ view }: { view: FaqView | null }) {
  const { t } = useTranslation('content')
  if (!view) {
    return <div className="page-container py-16 text-center text-sm text-neutral-500">{t('faq.empty')}</div>
  }
  const { categories, category, answers } = view
  return (
    <div className="page-container pb-16 pt-4 lg:pt-10">
      <nav aria-label="Breadcrumb" className="mb-4 text-xs text-neutral-500 lg:hidden">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>{t('help')}</li>
          <li aria-hidden="true">/</li>
          <li>{t('faq.title')}</li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-ink">
            {category.name}
          </li>
        </ol>
      </nav>
      <h1 className="text-lg font-semibold uppercase tracking-[0.16em] lg:text-2xl">{t('faq.heading')}</h1>
      <div className="mt-6 grid gap-6 lg:mt-10 lg:grid-cols-[260px_1fr] lg:gap-12">
        <nav aria-label={t('faq.categories')} className="min-w-0">
          <ul className="scrollbar-none -mx-4 flex gap-2 overflow-x-auto px-4 lg:mx-0 lg:flex-col lg:gap-1 lg:px-0">
            {categories.map((c) => {
              const current = c.category_code === category.category_code
              return (
                <li key={c.category_code} className="shrink-0">
                  <TrackedLink
                    to={`/help/faq?category=${encodeURIComponent(c.category_code)}`}
                    preventScrollReset
                    aria-current={current ? 'page' : undefined}
                    className={`flex items-center gap-3 border px-3 py-2 text-xs font-medium uppercase tracking-[0.12em] lg:border-0 lg:border-l-2 lg:py-3 ${
                      current
                        ? 'border-ink bg-ink text-white lg:bg-neutral-50 lg:text-ink'
                        : 'border-neutral-300 hover:bg-neutral-50'
                    }`}
                  >
                    {c.icon && (
                      <img
                        src={c.icon}
                        alt=""
                        width={32}
                        height={32}
                        loading="lazy"
                        className="hidden size-8 rounded-full bg-neutral-100 object-cover lg:block"
                      />
                    )}
                    {c.name}
                  </TrackedLink>
                </li>
              )
            })}
          </ul>
        </nav>
        <section aria-labelledby="faq-category" className="min-w-0">
          <h2 id="faq-category" className="text-sm font-semibold uppercase tracking-[0.14em]">
            {category.name}
          </h2>
          {answers.length === 0 ? (
            <p className="mt-4 text-sm text-neutral-500">{t('faq.empty')}</p>
          ) : (
            <ul className="mt-3 divide-y divide-neutral-200 border-y border-neutral-200">
              {answers.map((answer) => (
                <li key={answer.slug}>
                  <details id={answer.slug} className="group">
                    <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-sm font-medium text-ink [&::-webkit-details-marker]:hidden">
                      {answer.name}
                      <span
                        aria-hidden="true"
                        className="text-lg leading-none text-neutral-500 transition-transform group-open:rotate-45"
                      >
                        +
                      </span>
                    </summary>
                    <RichText html={answer.konten} className="pb-5 pr-8" headingsFrom={3} />
                  </details>
                </li>
              ))}
            </ul>
          )}
          <p className="mt-8 text-sm text-neutral-500">{t('faq.more')}</p>
        </section>
      </div>
    </div>
  )
}
