import { useCallback } from 'react'
import { useTranslation } from '~/lib/i18n-react'

/**
 * Translations of the product namespace with the English text inline as the fallback, so the page
 * reads well even where a key is missing. Uses the storefront's compact useTranslation (no
 * react-i18next hook machinery in the first-view bundle).
 * `{{name}}` placeholders are filled here too when i18next did not interpolate the fallback.
 */
export function useProductT() {
  const { t } = useTranslation('product')
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

export type ProductT = ReturnType<typeof useProductT>
