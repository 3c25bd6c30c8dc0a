import { useNavigate } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { signOut, useSessionStore } from '~/lib/session-store.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { ChevronIcon } from '~/components/ui/icons.tsx'

/** The member area's entries (docs/product/account.md §2): My Order, Wishlist, Account Info, Address, Logout. */
export const MEMBER_LINKS = [
  { key: 'myOrder', to: '/member/order' },
  // Returns and size exchanges (issue 40).
  { key: 'returns', to: '/member/returns' },
  { key: 'wishlist', to: '/member/wishlist' },
  { key: 'accountInfo', to: '/member/account-info' },
  { key: 'address', to: '/member/address' },
  // docs/product/account.md §2 references a Reviews entry with a red dot; issue 13 shows it.
  { key: 'review', to: '/member/review' },
] as const

/** A guest signed in by phone has orders and a wishlist, but no profile or address book. */
const GUEST_LINKS = new Set<string>(['myOrder', 'returns', 'wishlist', 'review'])

/** Logout as docs/product describes it: server revoke, clear user and data, then '/'. */
export function useLogout() {
  const api = useApi()
  const navigate = useNavigate()
  return async () => {
    await signOut(api)
    void navigate('/')
  }
}

/**
 * The member menu: the mobile list of /member (`variant="list"`) and the side navigation of the member
 * pages at laptop width (`variant="side"`).
 */
export function MemberMenu({
  variant,
  current,
  dots,
}: {
  variant: 'list' | 'side'
  current?: string
  /** Entries that show a red dot (Reviews while ratings wait), with its accessible words. */
  dots?: Partial<Record<(typeof MEMBER_LINKS)[number]['key'], string>>
}) {
  const { t } = useTranslation('account')
  const logout = useLogout()
  const asGuest = useSessionStore((s) => s.asGuest)
  const links = asGuest ? MEMBER_LINKS.filter((link) => GUEST_LINKS.has(link.key)) : MEMBER_LINKS
  const row =
    variant === 'list'
      ? 'flex w-full items-center justify-between border-b border-neutral-200 py-4 text-sm font-medium uppercase tracking-[0.14em]'
      : 'block w-full py-2 text-left text-sm'
  return (
    <nav aria-label={t('member.menu')}>
      <ul className={variant === 'list' ? 'border-t border-neutral-200' : 'flex flex-col gap-1'}>
        {links.map((link) => (
          <li key={link.key}>
            <TrackedLink
              to={link.to}
              className={`${row} ${current === link.to ? 'font-semibold underline underline-offset-4' : ''}`}
              aria-current={current === link.to ? 'page' : undefined}
            >
              <span className="inline-flex items-center gap-2">
                {t(`member.${link.key}`)}
                {dots?.[link.key] && (
                  <span
                    data-testid="menu-dot"
                    className="h-2 w-2 rounded-full bg-red-600"
                    role="img"
                    aria-label={dots[link.key]}
                  />
                )}
              </span>
              {variant === 'list' && <ChevronIcon direction="right" width={16} height={16} />}
            </TrackedLink>
          </li>
        ))}
        <li>
          <button type="button" className={`${row} text-accent`} onClick={() => void logout()}>
            {t('member.logout')}
            {variant === 'list' && <ChevronIcon direction="right" width={16} height={16} />}
          </button>
        </li>
      </ul>
    </nav>
  )
}
