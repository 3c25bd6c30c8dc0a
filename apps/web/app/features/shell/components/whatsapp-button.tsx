import { useTranslation } from '~/lib/i18n-react.ts'
import { WhatsAppIcon } from '~/components/ui/icons.tsx'
import { whatsappHref } from '../shell.rules.ts'

/** Floating WhatsApp chat button, shown when the site data has a number. */
export function WhatsAppButton({ number }: { number: string | undefined }) {
  const { t } = useTranslation()
  const href = number ? whatsappHref(number) : null
  if (!href) return null
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.label')}
      title={t('whatsapp.label')}
      className="fixed bottom-5 right-5 z-30 flex size-13 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg shadow-black/15 transition-transform hover:scale-105 lg:bottom-8 lg:right-8"
    >
      <WhatsAppIcon />
    </a>
  )
}
