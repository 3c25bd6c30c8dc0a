import { useCallback } from 'react'
import { useTranslation } from '~/lib/i18n-react'

/**
 * Translations of the product namespace with the English text inline as the fallback, so the page
 * reads well even where a key is missing (the storefront's own useTranslation, decision 014).
 * `{{name}}` placeholders are filled here too when the fallback is used.
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
