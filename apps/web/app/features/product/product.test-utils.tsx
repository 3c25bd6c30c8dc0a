import type { ReactElement } from 'react'
import { I18nProvider } from '~/lib/i18n-react.ts'
import { render } from '@testing-library/react'
import { createI18n } from '~/lib/i18n'
import en from '~/locales/en/product.json'

// The English product namespace, as the root loader hands it to the browser.
export const i18n = createI18n('en', { en: { product: en } }, { load: false })

/** Renders with the app's translation instance (English), as the shell provides it. */
export function renderWithI18n(ui: ReactElement) {
  const view = render(ui, {
    wrapper: ({ children }) => <I18nProvider i18n={i18n}>{children}</I18nProvider>,
  })
  return view
}
