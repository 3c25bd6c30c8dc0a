import {
  DEFAULT_MESSAGE_LANGUAGE,
  MESSAGE_LANGUAGES,
  messageLanguageOf,
  type MessageLanguage,
} from '@busana/contract'
import { Translator, type Resources } from './translator.ts'

/** The store's languages, the contract's: English, the fallback, and Indonesian (decision 014). */
export const LANGUAGES = MESSAGE_LANGUAGES
export type Language = MessageLanguage
export const FALLBACK_LANGUAGE: Language = DEFAULT_MESSAGE_LANGUAGE
/** Cookie the browser caches the language in, so the server renders the same language next time. */
export { LANGUAGE_COOKIE } from './language-cookie.ts'
export { LANGUAGE_QUERY } from '@busana/contract'
export const DEFAULT_NAMESPACE = 'common'
/** A translation namespace: one locales/{lng}/{ns}.json each (locales.test.ts keeps the two in step). */
export type Namespace =
  | 'account'
  | 'addresses'
  | 'analytics'
  | 'auth'
  | 'bundle'
  | 'cart'
  | 'checkout'
  | 'common'
  | 'content'
  | 'filter'
  | 'filter-overlay'
  | 'orders'
  | 'product'
  | 'returns'
  | 'reviews'
  | 'wishlist'
/** What the shell (header, footer, menus, search) uses on every page: always sent. */
export const SHELL_NAMESPACES: readonly string[] = [DEFAULT_NAMESPACE]

/** The app's translator (app/lib/translator.ts). */
export type I18n = Translator

/** Translations of one or more languages by namespace: { en: { common: {...}, product: {...} } }. */
export type Translations = Partial<Record<Language, Record<string, Record<string, unknown>>>>

/**
 * What a route module declares in its `handle`: the namespaces its page uses besides the shell's
 * (`export const handle = { i18n: ['product', 'wishlist'] } satisfies RouteI18n`). The root loader
 * sends those of the matched routes; a namespace an overlay uses loads when the overlay opens.
 */
export interface RouteI18n {
  i18n?: readonly string[]
}

/** The namespaces the matched routes declare, after the shell's, without repeats. */
export function namespacesOf(handles: ReadonlyArray<unknown>): string[] {
  const namespaces = new Set(SHELL_NAMESPACES)
  for (const handle of handles) {
    const declared = (handle as RouteI18n | undefined)?.i18n
    if (Array.isArray(declared)) for (const ns of declared as string[]) namespaces.add(ns)
  }
  return [...namespaces]
}

/** 'id-ID', 'in', 'ID' → 'id'; 'en-GB' → 'en'; anything else → null. */
export const normalizeLanguage = (value: string | null | undefined): Language | null =>
  value ? messageLanguageOf(value) : null

// Every locales/{lng}/{namespace}.json, each its own small chunk, loaded when a page needs it.
const bundles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' })

/** Loads one namespace of one language (an empty one, keys showing, when no such file exists). */
export async function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> {
  const load = bundles[`../locales/${lng}/${ns}.json`]
  if (!load) {
    console.warn(`No translations for ${lng}/${ns}`)
    return {}
  }
  return load()
}

/**
 * The app's translator in `lng`, starting from `translations` (the root loader's). With `load`
 * (the app's default), namespaces a page or an overlay needs beyond those load on demand; tests
 * pass `load: false` to get exactly the translations they give.
 */
export function createI18n(
  lng: Language,
  translations: Translations = {},
  { load = true }: { load?: boolean } = {},
): I18n {
  return new Translator({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    defaultNS: DEFAULT_NAMESPACE,
    resources: translations as Resources,
    load: load ? loadNamespace : undefined,
  })
}

let browserI18n: I18n | null = null
/** The browser's single instance (created on the first render with the server's language). */
export function getBrowserI18n(lng: Language, translations: Translations): I18n {
  browserI18n ??= createI18n(lng, translations)
  return browserI18n
}

/** The browser's current page language (null before the first render made the instance). */
export function browserLanguage(): string | null {
  return browserI18n?.language ?? null
}

/** Loads the language's copy of every namespace in use, then switches (the root caches the choice). */
export async function switchLanguage(i18n: I18n, lng: Language): Promise<void> {
  await i18n.changeLanguage(lng)
}
