import { useRouteLoaderData } from 'react-router'
import type { MenuEntry, SiteData } from '@busana/contract'
import type { Language, Translations } from './i18n.ts'
import type { PublicConfig } from './load-context.ts'

/** What the root loader gives every page: shell data, public config, the rendered language. */
export interface RootData {
  site: SiteData | null
  menu: MenuEntry[]
  isChild: boolean
  publicConfig: PublicConfig
  lng: Language
  /** Translations of `lng`: the shell's and the matched routes' namespaces; the browser starts from them. */
  translations: Translations
  /** Server time of the render: time-dependent output uses it until hydration is done. */
  now: number
}

/** The root loader's data; undefined only while the root error boundary renders. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData('root') as RootData | undefined
}

/**
 * The parents' meta descriptors without their titles: React Router uses only the deepest route's
 * meta, so routes that set a title spread this to keep the root's description.
 */
export function inheritedMeta(matches: ReadonlyArray<{ meta?: unknown } | undefined>) {
  return matches
    .slice(0, -1)
    .flatMap((match) => (Array.isArray(match?.meta) ? (match.meta as Record<string, unknown>[]) : []))
    .filter((descriptor) => !('title' in descriptor))
}
