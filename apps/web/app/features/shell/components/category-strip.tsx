import { useTranslation } from '~/lib/i18n-react.ts'
import { useLocation } from 'react-router'
import { categoryPath, MAIN_BRAND_ID, type MenuEntry, type SiteData } from '@busana/contract'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { menuEntryHref } from '../shell.rules.ts'

interface StripItem {
  key: string
  label: string
  href: string
}

const isNewDrop = (value: string) => /^new[\s_-]*drop$/i.test(value.trim())

/** Strip entries: the site's categories (else the menu's), 'New Drop' always first. */
export function stripItems(
  site: SiteData | null,
  menu: MenuEntry[],
  newDropLabel: string,
  isChild = false,
): StripItem[] {
  const brandId = site?.brand.id ?? MAIN_BRAND_ID
  const fromSite = (site?.category ?? []).map((c) => ({
    key: c.category_name,
    label: c.title || c.category_name,
    href: categoryPath(brandId, c.category_name),
  }))
  // Menu entries and their subs that open a listing (the junior section has only its menu).
  const fromMenu = menu.flatMap((entry) =>
    [entry, ...entry.sub].flatMap((e) => {
      const href = menuEntryHref(e)
      return href ? [{ key: e.category_name, label: e.name, href }] : []
    }),
  )
  const items = fromSite.length > 0 && !isChild ? fromSite : fromMenu
  const newDropIndex = items.findIndex((item) => isNewDrop(item.label) || isNewDrop(item.key))
  if (newDropIndex > 0) items.unshift(...items.splice(newDropIndex, 1))
  if (newDropIndex < 0)
    items.unshift({ key: 'new-drop', label: newDropLabel, href: categoryPath(brandId, 'new-drop') })
  return items
}

/** The phone's horizontally scrollable category strip under the navbar, starting with 'New Drop'. */
export function CategoryStrip({
  site,
  menu,
  isChild,
}: {
  site: SiteData | null
  menu: MenuEntry[]
  isChild: boolean
}) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const items = stripItems(site, menu, t('nav.newDrop'), isChild)
  return (
    <nav aria-label={t('nav.categories')} className="border-t border-neutral-100 lg:hidden">
      <ul className="scrollbar-none flex h-10 items-center gap-6 overflow-x-auto px-4 sm:px-6">
        {items.map((item) => {
          const current = decodeURIComponent(pathname) === decodeURIComponent(item.href)
          return (
            <li key={item.key} className="shrink-0">
              <TrackedLink
                to={item.href}
                aria-current={current ? 'page' : undefined}
                className={
                  current ? 'strip-link text-ink underline underline-offset-8' : 'strip-link text-neutral-600'
                }
              >
                {item.label}
              </TrackedLink>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
