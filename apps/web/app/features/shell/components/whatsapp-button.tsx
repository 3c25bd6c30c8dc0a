import { useLocation } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { WhatsAppIcon } from '~/components/ui/icons.tsx'
import { whatsappHref } from '../shell.rules.ts'

/** Pages whose phone layout pins a checkout bar to the bottom, where the button would cover it. */
const BOTTOM_BAR_PATHS = /^\/(cart|checkout)/

/**
 * Floating WhatsApp chat button, shown when the site data has a number; below 1024 px it stays off
 * the bag and checkout pages, whose bottom bar holds the checkout button.
 */
export function WhatsAppButton({ number }: { number: string | undefined }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const href = number ? whatsappHref(number) : null
  if (!href) return null
  const hideOnPhones = BOTTOM_BAR_PATHS.test(pathname) ? 'max-lg:hidden' : ''
  // Inside a named landmark, as every part of the page is (axe region, issue 29).
  return (
    <aside aria-label={t('whatsapp.region')} className={hideOnPhones}>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('whatsapp.label')}
        title={t('whatsapp.label')}
        className="fixed bottom-5 right-5 z-30 flex size-13 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg shadow-black/15 transition-transform hover:scale-105 motion-reduce:hover:scale-100 lg:bottom-8 lg:right-8"
      >
        <WhatsAppIcon />
      </a>
    </aside>
  )
}
