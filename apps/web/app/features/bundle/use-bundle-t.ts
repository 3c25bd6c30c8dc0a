import { useCallback } from 'react'
import { useTranslation } from '~/lib/i18n-react'

/**
 * Translations of the bundle namespace with the English text inline as the fallback (as the product
 * page's useProductT); `{{name}}` placeholders are filled here when the fallback is used.
 */
export function useBundleT() {
  const { t } = useTranslation('bundle')
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

export type BundleT = ReturnType<typeof useBundleT>
