import type { ReactElement } from 'react'
import { I18nextProvider } from 'react-i18next'
import { render } from '@testing-library/react'
import { createI18n } from '~/lib/i18n'
import en from '~/locales/en/product.json'

// The English product namespace, as the root loader hands it to the browser.
const i18n = createI18n('en', { en: { product: en } })

/** Renders with the app's translation instance (English), as the shell provides it. */
export function renderWithI18n(ui: ReactElement) {
  const view = render(ui, {
    wrapper: ({ children }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>,
  })
  return view
}
