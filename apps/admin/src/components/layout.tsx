import { useState, type ReactNode } from 'react'
import { NavLink, Navigate, Outlet, useLocation } from 'react-router'
import { useTranslation } from 'react-i18next'
import type { StaffRole } from '@busana/contract/schemas'
import { setLanguage } from '../lib/i18n.ts'
import { MENU, SCREENS, canSee, type ScreenName } from '../lib/screens.ts'
import { useMe, useSignOut, useStaff } from '../lib/session.ts'
import { Button, ErrorNote, Loading } from './ui.tsx'

/**
 * The signed-in frame: the menu of the screens this role may use, the language, sign-out. An account
 * that must choose a new password (the first start's one-time password, issue 38) sees `newPassword`
 * instead, before anything else.
 */
export function SignedInLayout({ newPassword }: { newPassword: ReactNode }) {
  const { data: me, isPending, error } = useMe()
  const location = useLocation()
  if (isPending) return <Loading />
  if (error) return <ErrorNote error={error} />
  if (!me) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />
  if (me.must_change_password) return <>{newPassword}</>
  return <Frame />
}

function Frame() {
  const { t, i18n } = useTranslation()
  const me = useStaff()
  const signOut = useSignOut()
  const [open, setOpen] = useState(false)
  return (
    <div className="min-h-screen lg:flex">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('app.skip')}
      </a>
      <header className="flex items-center justify-between border-b border-slate-200 bg-white px-4 py-3 lg:hidden print:hidden">
        <span className="font-semibold">{t('app.name')}</span>
        <Button
          look="secondary"
          aria-expanded={open}
          aria-controls="admin-menu"
          onClick={() => setOpen(!open)}
        >
          {t('menu.open')}
        </Button>
      </header>
      <aside
        id="admin-menu"
        className={`${open ? 'block' : 'hidden'} border-r border-slate-200 bg-white lg:block lg:w-60 lg:shrink-0 print:hidden`}
      >
        {/* The aside runs the page's whole height (its white with it); the menu inside stays in view. */}
        <div className="lg:sticky lg:top-0 lg:max-h-screen lg:overflow-y-auto">
          <div className="hidden px-4 py-4 text-lg font-semibold lg:block">{t('app.name')}</div>
          <nav aria-label={t('menu.open')} className="flex flex-col gap-1 px-2 py-2">
            {MENU.filter((screen) => canSee(me.role, screen)).map((screen) => (
              <NavLink
                key={screen}
                to={SCREENS[screen].path}
                end={screen === 'home'}
                onClick={() => setOpen(false)}
                className={({ isActive }) =>
                  `rounded-md px-3 py-2 text-sm ${isActive ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100'}`
                }
              >
                {t(`menu.${screen}`)}
              </NavLink>
            ))}
          </nav>
          <div className="mt-4 flex flex-col gap-3 border-t border-slate-200 px-4 py-4 text-sm">
            <div>
              <div className="font-medium">{me.name}</div>
              <div className="text-slate-500">
                {me.email} · {t(`roles.${me.role}`)}
              </div>
            </div>
            <label className="flex items-center gap-2">
              <span>{t('menu.language')}</span>
              <select
                className="rounded border border-slate-300 px-2 py-1"
                value={i18n.language === 'en' ? 'en' : 'id'}
                onChange={(event) => setLanguage(event.target.value === 'en' ? 'en' : 'id')}
              >
                <option value="id">Bahasa Indonesia</option>
                <option value="en">English</option>
              </select>
            </label>
            <Button look="secondary" onClick={() => void signOut()}>
              {t('menu.signOut')}
            </Button>
          </div>
        </div>
      </aside>
      <main id="main" className="min-w-0 flex-1 p-4 lg:p-8 print:p-0">
        <Outlet />
      </main>
    </div>
  )
}

/** A screen for some roles only; the others see why they cannot use it. */
export function ForRoles({ screen, children }: { screen: ScreenName; children: ReactNode }) {
  const me = useStaff()
  if (!canSee(me.role as StaffRole, screen)) return <NotAllowed />
  return <>{children}</>
}

function NotAllowed() {
  const { t } = useTranslation()
  return (
    <div className="max-w-xl">
      <h1 className="mb-2 text-xl font-semibold">{t('notAllowed.title')}</h1>
      <p className="text-slate-600">{t('notAllowed.text')}</p>
    </div>
  )
}

export function NotFound() {
  const { t } = useTranslation()
  return (
    <div className="max-w-xl">
      <h1 className="mb-2 text-xl font-semibold">{t('notFound.title')}</h1>
      <NavLink to="/" className="text-sm underline">
        {t('notFound.back')}
      </NavLink>
    </div>
  )
}
