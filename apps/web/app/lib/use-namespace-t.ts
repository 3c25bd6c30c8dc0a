import { useCallback } from 'react'
import type { Namespace } from './i18n.ts'
import { useTranslation } from './i18n-react.ts'

/**
 * Translations of one namespace with the English text inline as the fallback, so a page reads well
 * even where a key is missing (the storefront's own useTranslation, decision 014): `t(key, fallback,
 * vars?)`. `{{name}}` placeholders are filled here too when the fallback is used.
 */
export function useNamespaceT(ns: Namespace) {
  const { t } = useTranslation(ns)
  return useCallback(
    (key: string, fallback: string, vars?: Record<string, string | number>) => {
      const text = String(t(key as never, { defaultValue: fallback, ...vars } as never))
      if (!vars) return text
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
        name in vars ? String(vars[name]) : match,
      )
    },
    [t],
  )
}
