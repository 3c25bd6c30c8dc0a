import { useCallback } from 'react'
import { useTranslation } from '~/lib/i18n-react'

/** Translations of the reviews namespace with the English text inline as the fallback. */
export function useReviewsT() {
  const { t } = useTranslation('reviews')
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
