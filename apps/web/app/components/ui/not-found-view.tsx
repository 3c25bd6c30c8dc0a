import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'

/** 'Nothing to see here!' with a link home (docs/product/account.md §2): unknown paths, products and categories. */
export function NotFoundView() {
  const { t } = useTranslation()
  return (
    <section className="page-container flex min-h-[55vh] flex-col items-center justify-center py-20 text-center">
      <p className="text-[64px] font-light leading-none tracking-tight text-neutral-200 lg:text-[96px]">
        404
      </p>
      <h1 className="mt-6 text-xl font-semibold uppercase tracking-[0.16em] lg:text-2xl">
        {t('notFound.title')}
      </h1>
      <p className="mt-3 max-w-sm text-sm text-neutral-500">{t('notFound.text')}</p>
      <TrackedLink to="/" className="btn-primary mt-8">
        {t('notFound.back')}
      </TrackedLink>
    </section>
  )
}

/** A failed page (not a 404): a short apology and a way back. */
export function ErrorView() {
  const { t } = useTranslation()
  return (
    <section
      role="alert"
      className="page-container flex min-h-[55vh] flex-col items-center justify-center py-20 text-center"
    >
      <h1 className="text-xl font-semibold uppercase tracking-[0.16em]">{t('error.title')}</h1>
      <p className="mt-3 text-sm text-neutral-500">{t('error.text')}</p>
      <TrackedLink to="/" className="btn-primary mt-8">
        {t('notFound.back')}
      </TrackedLink>
    </section>
  )
}
