import { useTranslation } from '~/lib/i18n-react.ts'
import { LANGUAGES, switchLanguage } from '~/lib/i18n.ts'

/** EN / ID toggle; the root caches the choice (localStorage and cookie) when the language changes. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation()
  return (
    <div role="group" aria-label={t('common.language')} className={`flex items-center gap-1 ${className}`}>
      <span className="mr-2 text-[11px] uppercase tracking-[0.18em] opacity-70">{t('common.language')}</span>
      {LANGUAGES.map((lng) => {
        const active = i18n.language === lng
        return (
          <button
            key={lng}
            type="button"
            lang={lng}
            aria-pressed={active}
            title={t(`language.${lng}`)}
            onClick={() => void switchLanguage(i18n, lng)}
            className={`h-8 min-w-10 px-2 text-[11px] font-semibold uppercase tracking-[0.16em] transition-opacity ${
              active ? 'underline underline-offset-4' : 'opacity-60 hover:opacity-100'
            }`}
          >
            {lng}
          </button>
        )
      })}
    </div>
  )
}
