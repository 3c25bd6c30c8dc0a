import { useSyncExternalStore } from 'react'
import {
  COLOUR_FAMILY_INFO,
  DEFAULT_MESSAGE_LANGUAGE,
  messageLanguageOf,
  type ColourFamily,
} from '@busana/contract'
import { useI18n } from '~/lib/i18n-react.ts'

/**
 * A colour family's name in the page's language (the contract's COLOUR_FAMILY_INFO, issue 39): the
 * filter's swatches and chips and the product page name a colour the same way.
 */
export function useColourName(): (colour: ColourFamily) => string {
  const i18n = useI18n()
  const lng = useSyncExternalStore(
    i18n.subscribe,
    () => i18n.language,
    () => i18n.language,
  )
  const language = messageLanguageOf(lng) ?? DEFAULT_MESSAGE_LANGUAGE
  return (colour) => COLOUR_FAMILY_INFO[colour][language]
}

/** A round swatch of a colour family, decorative (its name is always written beside it). */
export function ColourSwatch({ colour, className = 'size-5' }: { colour: ColourFamily; className?: string }) {
  return (
    <span
      aria-hidden="true"
      // White and cream need an edge on a white page; every swatch gets the same thin ring.
      className={`inline-block shrink-0 rounded-full ring-1 ring-neutral-300 ring-inset ${className}`}
      style={{ background: COLOUR_FAMILY_INFO[colour].swatch }}
    />
  )
}
