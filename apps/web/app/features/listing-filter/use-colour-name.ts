import { useSyncExternalStore } from 'react'
import {
  COLOUR_FAMILY_INFO,
  DEFAULT_MESSAGE_LANGUAGE,
  messageLanguageOf,
  type ColourFamily,
} from '@busana/contract'
import { useI18n } from '~/lib/i18n-react.ts'

/** A colour family's name in the page's language (the contract's COLOUR_FAMILY_INFO, issue 39). */
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

/** A colour family's swatch (a CSS background). */
export const colourSwatch = (colour: ColourFamily) => COLOUR_FAMILY_INFO[colour].swatch
