import { useSyncExternalStore } from 'react'
import { DEFAULT_MESSAGE_LANGUAGE, messageLanguageOf, type MessageLanguage } from '@busana/contract'
import { useI18n } from '~/lib/i18n-react.ts'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { ColourSwatch } from '~/components/ui/colour-swatch.tsx'

/**
 * A product's colour family as the loader hands it over: the contract's COLOUR_FAMILY_INFO entry
 * (names in both languages and the swatch), so the product page's code carries no colour table.
 */
export type ProductColourInfo = Record<MessageLanguage, string> & { swatch: string }

/** The product's colour family (issue 39): its swatch and name, as the listing filter names it. */
export function ProductColour({ colour }: { colour: ProductColourInfo }) {
  const t = useNamespaceT('product')
  const i18n = useI18n()
  const lng = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  )
  return (
    <p className="flex items-center gap-2 text-sm text-neutral-700" data-testid="product-colour">
      <span className="text-xs font-semibold tracking-[0.14em] text-ink uppercase">
        {t('colour', 'Colour')}
      </span>
      <ColourSwatch swatch={colour.swatch} className="size-4" />
      <span>{colour[messageLanguageOf(lng) ?? DEFAULT_MESSAGE_LANGUAGE]}</span>
    </p>
  )
}
