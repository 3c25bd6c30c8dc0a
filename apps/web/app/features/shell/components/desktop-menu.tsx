import { useTranslation } from '~/lib/i18n-react.ts'
import type { MenuEntry } from '@busana/contract'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { menuEntryHref } from '../shell.rules.ts'

function EntryLink({ entry, className }: { entry: MenuEntry; className: string }) {
  const href = menuEntryHref(entry)
  if (href) {
    return (
      <TrackedLink to={href} className={className}>
        {entry.name}
      </TrackedLink>
    )
  }
  // A heading with a sub list is a button, so keyboard focus opens its panel (focus-within).
  return entry.sub.length > 0 ? (
    <button type="button" aria-haspopup="true" className={className}>
      {entry.name}
    </button>
  ) : (
    <span className={className}>{entry.name}</span>
  )
}

/**
 * Category menu at laptop width: a row of entries; entries with a sub list open a full-width panel
 * on hover or keyboard focus (CSS only, nothing to hydrate).
 */
export function DesktopMenu({ menu }: { menu: MenuEntry[] }) {
  const { t } = useTranslation()
  if (menu.length === 0) return <div className="hidden flex-1 lg:block" />
  return (
    <nav aria-label={t('nav.main')} className="hidden h-full flex-1 lg:block">
      <ul className="flex h-full items-stretch gap-7">
        {menu.map((entry) => (
          <li key={`${entry.name}-${entry.priority}`} className="group flex items-stretch">
            <EntryLink entry={entry} className="menu-top" />
            {entry.sub.length > 0 && (
              <div className="menu-panel">
                <div className="page-container grid grid-cols-4 gap-x-10 gap-y-6 py-8 xl:grid-cols-5">
                  {entry.sub.map((sub) => (
                    <div key={`${sub.name}-${sub.priority}`} className="menu-col">
                      <EntryLink entry={sub} className="menu-sub" />
                      {sub.sub.length > 0 && (
                        <ul className="flex flex-col gap-2">
                          {sub.sub.map((leaf) => (
                            <li key={`${leaf.name}-${leaf.priority}`}>
                              <EntryLink entry={leaf} className="menu-leaf" />
                            </li>
                          ))}
                        </ul>
                      )}
                    </div>
                  ))}
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}
