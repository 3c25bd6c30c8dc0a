import { useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { selectAnyOverlayOpen, useOverlayStore } from '~/lib/overlay-store.ts'
import { WhatsAppIcon } from '~/components/ui/icons.tsx'
import { whatsappHref } from '../shell.rules.ts'
import { coversControl } from '../chat-clearance.ts'

/** Pages whose phone layout pins a checkout bar to the bottom, where the button would cover it. */
const BOTTOM_BAR_PATHS = /^\/(cart|checkout)/

/**
 * Floating WhatsApp chat button, shown when the site data has a number. It never covers a control
 * (issue 44): below 1024 px it stays off the bag and checkout pages, whose bottom bar holds the
 * checkout button; it steps aside while an overlay (the sidebar with LOGOUT, search, the quick bag,
 * a dialog) is open; and while a control of the page (a bundle's wishlist heart, a size, a
 * button) is under it as the page scrolls, it steps aside until the control has passed
 * (chat-clearance.ts). The footer ends with room for it (site-footer.tsx).
 */
export function WhatsAppButton({ number }: { number: string | undefined }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const overlayOpen = useOverlayStore(selectAnyOverlayOpen)
  const link = useRef<HTMLAnchorElement>(null)
  const [covering, setCovering] = useState(false)
  useEffect(() => {
    // Checked once a frame at most, on scroll and resize and after each route change; the check
    // reads the page below the button's footprint, so the button itself stays measurable.
    let frame = 0
    const check = () => {
      frame = 0
      const own = link.current
      if (!own) return
      setCovering(coversControl(own.getBoundingClientRect(), own))
    }
    const soon = () => {
      if (!frame) frame = requestAnimationFrame(check)
    }
    soon()
    window.addEventListener('scroll', soon, { passive: true })
    window.addEventListener('resize', soon)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', soon)
      window.removeEventListener('resize', soon)
    }
  }, [pathname])
  const href = number ? whatsappHref(number) : null
  if (!href) return null
  const hideOnPhones = BOTTOM_BAR_PATHS.test(pathname) ? 'max-lg:hidden' : ''
  // Inside a named landmark, as every part of the page is (axe region, issue 29).
  return (
    <aside aria-label={t('whatsapp.region')} className={hideOnPhones}>
      <a
        ref={link}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('whatsapp.label')}
        title={t('whatsapp.label')}
        className={`fixed bottom-5 right-5 z-30 ${overlayOpen ? 'hidden' : 'flex'} ${covering ? 'invisible opacity-0' : 'visible opacity-100'} size-13 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg shadow-black/15 transition-[opacity,visibility,transform] hover:scale-105 motion-reduce:hover:scale-100 lg:bottom-8 lg:right-8`}
      >
        <WhatsAppIcon />
      </a>
    </aside>
  )
}
