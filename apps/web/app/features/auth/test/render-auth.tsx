import type { ReactNode } from 'react'
import { render } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { createI18n, type Translations } from '~/lib/i18n.ts'
import { testRootData } from '~/lib/test-utils.tsx'
import enCommon from '~/locales/en/common.json'
import enAuth from '~/locales/en/auth.json'
import enAccount from '~/locales/en/account.json'

/** English common, auth and account strings, as the root loader hands them over. */
export const authTranslations: Translations = { en: { common: enCommon, auth: enAuth, account: enAccount } }

/** Renders `ui` inside a data router with root data and the auth/account translations. */
export function renderWithAuth(ui: ReactNode, path = '/') {
  const rootData = testRootData({ translations: authTranslations })
  const i18n = createI18n('en', authTranslations, { load: false })
  const Stub = createRoutesStub([
    { id: 'root', path: '*', Component: () => <>{ui}</>, loader: () => rootData },
  ])
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: rootData } }} />
    </I18nProvider>,
  )
}
