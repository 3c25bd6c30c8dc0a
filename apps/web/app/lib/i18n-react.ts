import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react'
import { getI18n, I18nContext } from 'react-i18next'
import type { i18n as I18n } from 'i18next'

/**
 * `useTranslation` for the storefront: the same call shape as react-i18next's
 * (`const { t, i18n } = useTranslation('product')`), reading the instance the root provides through
 * react-i18next's I18nextProvider and re-rendering on language changes. It leaves out react-i18next's
 * hook machinery (namespace loading, Suspense, the external-store shim): ~2 KB gzipped less on every
 * page, which the 150 KB first-view budget needs. Translations are bundled, so nothing to wait for.
 */
export function useTranslation(ns?: string) {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string } | undefined
  const i18n = context?.i18n ?? (getI18n() as I18n)
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.on('languageChanged', onChange)
      return () => i18n.off('languageChanged', onChange)
    },
    [i18n],
  )
  const getLanguage = () => i18n.language
  const lng = useSyncExternalStore(subscribe, getLanguage, getLanguage)
  const t = useMemo(
    () => i18n.getFixedT(lng, ns ?? context?.defaultNS ?? null),
    [i18n, lng, ns, context?.defaultNS],
  )
  return { t, i18n, ready: true as const }
}
