import { useCallback } from 'react'
import type { PriceDisplay } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'

/**
 * The price as one sentence for a screen reader (issue 29): 'Rp 119.000, was Rp 259.000', 'Rp 150.000
 * to Rp 250.000', or null when the visible text already reads well (a single price). `format` is the
 * one the visible price uses, so both say the same amounts. The words are the shell's (common), so
 * every page has them.
 */
export function usePriceLabel(): (
  display: PriceDisplay,
  format: (amount: number) => string,
) => string | null {
  const { t } = useTranslation()
  return useCallback(
    (display, format) => {
      if (display.kind === 'range')
        return t('product.priceRange', { from: format(display.from), to: format(display.to) })
      if (display.kind === 'unknown') return t('product.priceUnknown')
      if (display.strike !== null)
        return t('product.priceWas', { price: format(display.price), old: format(display.strike) })
      return null
    },
    [t],
  )
}
