import { Suspense, useCallback, useState, startTransition } from 'react'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { I18nProvider, useTranslation } from './i18n-react.ts'
import { createI18n } from './i18n.ts'
import enCommon from '~/locales/en/common.json'

/** Like the auth dialog: a namespace the page did not carry, and more hooks after useTranslation. */
function Overlay() {
  const { t } = useTranslation('cart')
  const [count] = useState(2)
  const label = useCallback(() => t('title'), [t])
  return (
    <p>
      {label()} {count}
    </p>
  )
}

describe('useTranslation', () => {
  afterEach(() => vi.restoreAllMocks())

  it('waits for a namespace that is not there yet, then renders it (no raw key, no React error)', async () => {
    const errors = vi.spyOn(console, 'error')
    const reported = vi.fn()
    window.addEventListener('error', reported)
    const i18n = createI18n('en', { en: { common: enCommon } })
    await act(async () => {
      startTransition(() => {
        render(
          <I18nProvider i18n={i18n}>
            <Suspense fallback={<p>waiting</p>}>
              <Overlay />
            </Suspense>
          </I18nProvider>,
        )
      })
    })
    expect(await screen.findByText('shopping bag 2')).toBeTruthy()
    expect(screen.queryByText(/^title/)).toBeNull()
    window.removeEventListener('error', reported)
    expect(reported).not.toHaveBeenCalled()
    expect(errors).not.toHaveBeenCalled()
  })

  it('switches language only once the new language’s strings are in', async () => {
    const i18n = createI18n('en', { en: { common: enCommon } })
    function Label() {
      const { t } = useTranslation()
      return <p>{t('common.logout')}</p>
    }
    render(
      <I18nProvider i18n={i18n}>
        <Label />
      </I18nProvider>,
    )
    expect(screen.getByText('Logout')).toBeTruthy()
    await act(() => i18n.changeLanguage('id'))
    expect(screen.getByText('Keluar')).toBeTruthy()
  })
})
