import { useTranslation } from '~/lib/i18n-react.ts'
import type { MenuEntry, SiteData } from '@busana/contract'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { ChevronIcon } from '~/components/ui/icons.tsx'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useNavigate } from 'react-router'
import { selectSignedIn, signOut, useSessionStore } from '~/lib/session-store.ts'
import { useApi } from '~/lib/browser-api.ts'
import { isInternalLink, menuEntryHref } from '../shell.rules.ts'
import { LanguageSwitcher } from './language-switcher.tsx'

const rowClass =
  'flex w-full items-center justify-between py-3 text-sm font-medium uppercase tracking-[0.14em]'

function MenuRow({
  entry,
  onNavigate,
  depth = 0,
}: {
  entry: MenuEntry
  onNavigate: () => void
  depth?: number
}) {
  const { t } = useTranslation()
  const href = menuEntryHref(entry)
  const labelClass = depth === 0 ? rowClass : 'block py-2 text-sm text-neutral-600 hover:text-ink'
  if (entry.sub.length === 0) {
    return href ? (
      <TrackedLink to={href} onClick={onNavigate} className={labelClass}>
        {entry.name}
      </TrackedLink>
    ) : (
      <span className={labelClass}>{entry.name}</span>
    )
  }
  return (
    <details className="group">
      <summary
        className={`${depth === 0 ? rowClass : 'flex items-center justify-between py-2 text-sm'} list-none [&::-webkit-details-marker]:hidden`}
      >
        {entry.name}
        <ChevronIcon
          direction="down"
          width={16}
          height={16}
          className="transition-transform group-open:rotate-180"
        />
      </summary>
      <ul className="mb-2 border-l border-neutral-200 pl-4">
        {href && (
          <li>
            <TrackedLink
              to={href}
              onClick={onNavigate}
              className="block py-2 text-sm text-neutral-600 hover:text-ink"
            >
              {t('common.all')} {entry.name}
            </TrackedLink>
          </li>
        )}
        {entry.sub.map((sub) => (
          <li key={`${sub.name}-${sub.priority}`}>
            <MenuRow entry={sub} onNavigate={onNavigate} depth={depth + 1} />
          </li>
        ))}
      </ul>
    </details>
  )
}

/** Left drawer (hamburger): categories, site links, My WishList for signed-in users, account, language. */
export function SidebarDrawer({
  site,
  menu,
  brandName,
}: {
  site: SiteData | null
  menu: MenuEntry[]
  brandName: string
}) {
  const { t } = useTranslation()
  const setSidebar = useOverlayStore((s) => s.setSidebar)
  const close = () => setSidebar(false)
  const openAuth = useOverlayStore((s) => s.openAuth)
  const signedIn = useSessionStore(selectSignedIn)
  const api = useApi()
  const navigate = useNavigate()
  // docs/product/account.md §4: logout clears the user and the member data, then goes to '/'.
  const logout = async () => {
    close()
    await signOut(api)
    void navigate('/')
  }

  return (
    <OverlayPanel title={brandName} placement="left" onClose={close} closeLabel={t('common.close')}>
      <nav aria-label={t('nav.categories')} className="px-5">
        <ul className="divide-y divide-neutral-100">
          {menu.map((entry) => (
            <li key={`${entry.name}-${entry.priority}`}>
              <MenuRow entry={entry} onNavigate={close} />
            </li>
          ))}
        </ul>
      </nav>
      <ul className="mt-4 flex flex-col gap-1 border-t border-neutral-200 px-5 pt-4">
        {signedIn && (
          <li>
            <TrackedLink to="/member/wishlist" onClick={close} className="block py-2 text-sm">
              {t('nav.myWishlist')}
            </TrackedLink>
          </li>
        )}
        {!site?.sidebar.some((link) => link.link === '/our-store') && (
          <li>
            <TrackedLink to="/our-store" onClick={close} className="block py-2 text-sm">
              {t('nav.ourStore')}
            </TrackedLink>
          </li>
        )}
        {(site?.sidebar ?? []).map((link) => (
          <li key={link.link}>
            {isInternalLink(link.link) ? (
              <TrackedLink to={link.link} onClick={close} className="block py-2 text-sm">
                {link.name}
              </TrackedLink>
            ) : (
              <a href={link.link} target="_blank" rel="noopener noreferrer" className="block py-2 text-sm">
                {link.name}
              </a>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-auto flex flex-col gap-4 border-t border-neutral-200 px-5 py-5">
        {signedIn ? (
          <div className="flex gap-3">
            <TrackedLink to="/member/account-info" onClick={close} className="btn-outline flex-1">
              {t('common.profile')}
            </TrackedLink>
            <button type="button" className="btn-outline flex-1" onClick={() => void logout()}>
              {t('common.logout')}
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="btn-primary w-full"
            onClick={() => {
              close()
              openAuth('login')
            }}
          >
            {t('nav.signIn')}
          </button>
        )}
        <LanguageSwitcher />
      </div>
    </OverlayPanel>
  )
}
