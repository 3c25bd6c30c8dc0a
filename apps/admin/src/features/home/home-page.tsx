import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { can } from '@busana/contract'
import { MENU, SCREENS, canSee } from '../../lib/screens.ts'
import { formatShopTime } from '../../lib/shop-time.ts'
import { useStaff } from '../../lib/session.ts'
import { Card, ErrorNote, Loading, PageHeader } from '../../components/ui.tsx'
import { useReturnRates, useSales, useTodo } from './home.api.ts'
import { ReturnRatesSection } from './return-rates-section.tsx'
import { SalesSection } from './sales-section.tsx'
import { TodoSection } from './todo-section.tsx'

/**
 * The first screen after sign-in (issue 30): what needs doing now for the signed-in role, how the
 * shop is selling and what comes back (issue 40) for the roles that may see it, and the screens the
 * role uses.
 */
export function HomePage() {
  const { t, i18n } = useTranslation()
  const me = useStaff()
  const seesSales = can(me.role, 'insights.read')
  const todo = useTodo()
  const sales = useSales(seesSales)
  const returnRates = useReturnRates(seesSales)
  const screens = MENU.filter((screen) => screen !== 'home' && canSee(me.role, screen))
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <div>
        <PageHeader title={t('home.title', { name: me.name })} />
        <p className="-mt-2 text-sm text-slate-600">
          {t('home.role', { role: t(`roles.${me.role}`) })}
          {todo.data && <> · {t('home.asOf', { time: formatShopTime(todo.data.as_of, i18n.language) })}</>}
        </p>
      </div>
      {todo.isPending ? (
        <Loading />
      ) : todo.error ? (
        <ErrorNote error={todo.error} />
      ) : (
        <TodoSection todo={todo.data} />
      )}
      {seesSales &&
        (sales.isPending ? (
          <Loading />
        ) : sales.error ? (
          <ErrorNote error={sales.error} />
        ) : (
          <SalesSection sales={sales.data} />
        ))}
      {seesSales && returnRates.error && <ErrorNote error={returnRates.error} />}
      {seesSales && returnRates.data && <ReturnRatesSection rates={returnRates.data} />}
      <Card title={t('home.shortcuts')}>
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
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
