import { useTranslation } from 'react-i18next'
import { COLOUR_FAMILY_INFO, type ColourFamily } from '@busana/contract/schemas'

/** A family's name in the back office's language (the contract holds both, as the storefront shows them). */
export function useColourName() {
  const { i18n } = useTranslation()
  return (family: ColourFamily) => COLOUR_FAMILY_INFO[family][i18n.language === 'id' ? 'id' : 'en']
}

/**
 * The family's swatch: a small round chip in its colour (multi is a gradient), outlined so white and
 * cream show on white; a dashed empty ring when none is set. Decorative: the name always stands beside it.
 */
export function ColourSwatch({ family, small = false }: { family: ColourFamily | null; small?: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-colour-family={family ?? ''}
      className={`inline-block shrink-0 rounded-full border border-slate-400 ${small ? 'h-4 w-4' : 'h-6 w-6'} ${
        family ? '' : 'border-dashed'
      }`}
      // A style property set by React (not an HTML attribute): allowed by the back office's style-src 'self'.
      style={family ? { background: COLOUR_FAMILY_INFO[family].swatch } : undefined}
    />
  )
}
