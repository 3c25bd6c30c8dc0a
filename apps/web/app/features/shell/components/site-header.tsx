import { Suspense, type ReactNode } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { CHILD_SECTION_ID, type MenuEntry, type SiteData } from '@busana/contract'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { selectSignedIn, useSessionStore } from '~/lib/session-store.ts'
import { isWideScreen } from '~/lib/use-hydrated.ts'
import { BagIcon, MenuIcon, SearchIcon, StoreIcon, UserIcon } from '~/components/ui/icons.tsx'
import { lazyRegion } from '~/lib/lazy-region.ts'
import { DesktopMenu as ServerDesktopMenu } from './desktop-menu.tsx'
import { CategoryStrip as ServerCategoryStrip } from './category-strip.tsx'
import { useBagCount, useCartStore } from '~/shared/bag/cart-store.ts'
import { useCartSync } from '~/shared/bag/use-cart-sync.ts'
import { BagAnnouncer } from './bag-announcer.tsx'

// Links only: rendered whole by the server, they work as plain links until their code is in and
// they hydrate (decision 040). The laptop's menu and the phone's strip each show at one width only.
const DesktopMenu = lazyRegion(import.meta.env.SSR ? ServerDesktopMenu : null, () =>
  import('./desktop-menu.tsx').then((m) => m.DesktopMenu),
)
const CategoryStrip = lazyRegion(import.meta.env.SSR ? ServerCategoryStrip : null, () =>
  import('./category-strip.tsx').then((m) => m.CategoryStrip),
)

export interface SiteHeaderProps {
  site: SiteData | null
  menu: MenuEntry[]
  isChild: boolean
  brandName: string
  /** The cart popup, shown after Add to bag at laptop width (the root passes the cart feature's, lazily). */
  cartPopup?: ReactNode
}

/** The fixed navbar: logo, desktop menu, Our Store, search, account and bag; the category strip on phones. */
export function SiteHeader({ site, menu, isChild, brandName, cartPopup }: SiteHeaderProps) {
  const { t } = useTranslation()
  const signedIn = useSessionStore(selectSignedIn)
  const setSidebar = useOverlayStore((s) => s.setSidebar)
  const setSearch = useOverlayStore((s) => s.setSearch)
  const setQuickBag = useOverlayStore((s) => s.setQuickBag)
  const openAuth = useOverlayStore((s) => s.openAuth)
  // The bag follows the session (loads on sign-in); its piece count sits on the bag icon.
  useCartSync()
  const bagCount = useBagCount()
  const cartNotice = useCartStore((s) => s.notice !== null)

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-neutral-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="page-container relative flex h-14 items-center gap-2 lg:h-16">
        <div className="flex flex-1 items-center lg:hidden">
          <button
            type="button"
            className="icon-button -ml-2"
            aria-label={t('nav.openMenu')}
            aria-haspopup="dialog"
            onClick={() => setSidebar(true)}
          >
            <MenuIcon />
          </button>
        </div>

        <TrackedLink
          to={isChild ? `/${CHILD_SECTION_ID}` : '/'}
          className="shrink-0 text-lg font-semibold uppercase tracking-[0.32em] lg:mr-8 lg:text-xl"
          aria-label={t('brand.home', { brand: brandName })}
        >
          {brandName}
          {isChild && (
            <span className="ml-2 align-middle text-[10px] tracking-[0.2em] text-accent">
              {t('nav.juniorHome')}
            </span>
          )}
        </TrackedLink>

        <DesktopMenu menu={menu} />

        <div className="flex flex-1 items-center justify-end gap-0.5 lg:flex-none">
          <TrackedLink
            to="/our-store"
            className="nav-label mr-3 hidden items-center gap-1.5 hover:text-neutral-500 lg:inline-flex"
          >
            <StoreIcon width={16} height={16} />
            {t('nav.ourStore')}
          </TrackedLink>
          <button
            type="button"
            className="icon-button"
            aria-label={t('nav.search')}
            aria-haspopup="dialog"
            onClick={() => setSearch(true)}
          >
            <SearchIcon />
          </button>
          {/* docs/product/account.md §2: on desktop a visitor gets the dialog; otherwise /member (always on
              phones, where the member guard sends a visitor back to '/'). */}
          <TrackedLink
            to="/member"
            className="icon-button"
            aria-label={signedIn ? t('nav.account') : t('nav.signIn')}
            data-testid="account-icon"
            onClick={(event) => {
              if (signedIn || !isWideScreen()) return
              event.preventDefault()
              openAuth('login')
            }}
          >
            <UserIcon />
          </TrackedLink>
          <button
            type="button"
            className="icon-button relative -mr-2"
            aria-label={bagCount > 0 ? t('nav.bagCount', { count: bagCount }) : t('nav.bag')}
            aria-haspopup="dialog"
            onClick={() => setQuickBag(true)}
          >
            <BagIcon />
            {bagCount > 0 && (
              <span
                data-testid="bag-count"
                aria-hidden="true"
                className="absolute top-1 right-0.5 grid h-4 min-w-4 place-items-center rounded-full bg-ink px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
              >
                {bagCount > 99 ? '99+' : bagCount}
              </span>
            )}
          </button>
        </div>
        {cartNotice && <Suspense fallback={null}>{cartPopup}</Suspense>}
        <BagAnnouncer />
      </div>
      <CategoryStrip site={site} menu={menu} isChild={isChild} />
    </header>
  )
}
