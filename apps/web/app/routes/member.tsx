import { Outlet, useLocation } from 'react-router'
import { useTranslation } from '~/lib/i18n-react.ts'
import { inheritedMeta } from '~/lib/root-data.ts'
import { useSessionReady, useSessionStore } from '~/lib/session-store.ts'
import { MemberMenu } from '~/features/account/components/member-menu.tsx'
import { useRatingsWaiting } from '~/features/reviews/components/review-prompt.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import type { Route } from './+types/member'
import type { RouteI18n } from '~/lib/i18n.ts'

/** The member area's menu and headers (every member page). */
export const handle = { i18n: ['account', 'reviews'] } satisfies RouteI18n

export function meta({ matches }: Route.MetaArgs) {
  return [...inheritedMeta(matches), { title: 'Account' }, { name: 'robots', content: 'noindex' }]
}

/**
 * The member area's layout (docs/product/account.md §2). It waits for the stored session (client-side,
 * no loader: the session lives in the browser); a visitor is sent to '/' and asked to sign in there by
 * the root's guard (`useVisitorGuard`, lib/sign-in-return.ts), which brings them back here once
 * signed in. At laptop width the member menu sits beside the page; /member itself is the phone menu.
 */
export default function MemberLayout() {
  const { t } = useTranslation('account')
  const ready = useSessionReady()
  const signedIn = useSessionStore((s) => Boolean(s.user?.token))
  const { pathname } = useLocation()
  const tr = useNamespaceT('reviews')
  const waiting = useRatingsWaiting()
  const dots = waiting ? { review: tr('prompt.dot', 'Reviews are waiting') } : undefined

  if (!ready || !signedIn) {
    return (
      <div className="page-container py-16 text-center text-sm text-neutral-500" role="status">
        {t('loading')}
      </div>
    )
  }
  const isMenu = pathname.replace(/\/$/, '') === '/member'
  return (
    <div className="page-container py-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10 lg:py-10">
      <aside className="hidden lg:block" aria-label={t('member.heading')}>
        <h1 className="mb-1 text-lg font-semibold uppercase tracking-[0.18em]">{t('member.heading')}</h1>
        <p className="mb-5 text-xs text-neutral-500">{t('member.line')}</p>
        <MemberMenu variant="side" current={pathname.replace(/\/$/, '')} dots={dots} />
      </aside>
      <div className="min-w-0" data-member-menu={isMenu || undefined}>
        <Outlet context={{ dots }} />
      </div>
    </div>
  )
}
