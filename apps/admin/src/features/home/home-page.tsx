import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { MENU, SCREENS, canSee } from '../../lib/screens.ts'
import { useStaff } from '../../lib/session.ts'
import { Card, PageHeader } from '../../components/ui.tsx'

/** The first screen after sign-in: who you are and the screens your role uses. */
export function HomePage() {
  const { t } = useTranslation()
  const me = useStaff()
  const screens = MENU.filter((screen) => screen !== 'home' && canSee(me.role, screen))
  return (
    <div className="flex max-w-3xl flex-col gap-4">
      <PageHeader title={t('home.title', { name: me.name })} />
      <p className="text-slate-600">{t('home.role', { role: t(`roles.${me.role}`) })}</p>
      <Card title={t('home.shortcuts')}>
        <ul className="grid gap-2 sm:grid-cols-2">
          {screens.map((screen) => (
            <li key={screen}>
              <Link
                to={SCREENS[screen].path}
                className="block rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50"
              >
                {t(`menu.${screen}`)}
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  )
}
