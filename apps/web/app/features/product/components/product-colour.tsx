import type { ColourFamily } from '@busana/contract'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { ColourSwatch, useColourName } from '~/components/ui/colour-swatch.tsx'

/** The product's colour family (issue 39): its swatch and name, as the listing filter names it. */
export function ProductColour({ colour }: { colour: ColourFamily }) {
  const t = useNamespaceT('product')
  const colourName = useColourName()
  return (
    <p className="flex items-center gap-2 text-sm text-neutral-700" data-testid="product-colour">
      <span className="text-xs font-semibold uppercase tracking-[0.14em] text-ink">
        {t('colour', 'Colour')}
      </span>
      <ColourSwatch colour={colour} className="size-4" />
      <span>{colourName(colour)}</span>
    </p>
  )
}
