import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { createI18n } from '~/lib/i18n.ts'
import { testRootData, testTranslations } from '~/lib/test-utils.tsx'
import en from '~/locales/en/returns.json'

/**
 * Renders a returns screen at `path` inside a router stub with the root data and the returns
 * strings (tests); `/member/returns/:number` is a page that shows where a created return leads.
 */
export function renderReturnsApp(ui: ReactElement, path: string) {
  const rootData = testRootData()
  const i18n = createI18n('en', { en: { ...testTranslations.en, returns: en } }, { load: false })
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '*',
      Component: () => ui,
      loader: () => rootData,
    },
    { path: '/member/returns/:number', Component: () => <p data-testid="landed">landed</p> },
  ])
  return render(
    <I18nProvider i18n={i18n}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: { root: rootData } }} />
    </I18nProvider>,
  )
}
