/**
 * A compact translator with the part of i18next's instance API the storefront uses: `t` (nested
 * keys, `ns:key`, namespaces, `{{var}}` interpolation, `count` plurals through Intl.PluralRules,
 * `defaultValue`, `keyPrefix`), `getFixedT`, `changeLanguage`, resource bundles and the
 * `languageChanged` event. react-i18next's I18nextProvider and useTranslation work on it.
 *
 * Why not i18next itself: i18next is about 15.5 KB gzipped in the browser; with React and React
 * Router at ~112 KB, the product page's first view would pass its 150 KB budget. Translations here
 * are bundled JSON with plain placeholders, which this covers; translator.test.ts checks that it
 * renders every string of the locale files exactly as i18next does.
 */

type Bundle = Record<string, unknown>
type Resources = Record<string, Record<string, Bundle>>
type Listener = (...args: unknown[]) => void

export interface TranslateOptions {
  lng?: string
  ns?: string | readonly string[]
  defaultValue?: string
  count?: number
  keyPrefix?: string
  [name: string]: unknown
}

export interface TranslatorOptions {
  lng: string
  fallbackLng: string
  supportedLngs: readonly string[]
  defaultNS: string
  resources?: Resources
}

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g

function lookupPath(bundle: Bundle | undefined, key: string): unknown {
  if (!bundle) return undefined
  if (key in bundle) return bundle[key]
  let node: unknown = bundle
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return undefined
    node = (node as Bundle)[part]
  }
  return node
}

function interpolate(text: string, values: TranslateOptions): string {
  return text.replace(PLACEHOLDER, (match, name: string) => {
    const value = lookupPath(values as Bundle, name)
    return value === undefined || value === null ? match : String(value)
  })
}

export class Translator {
  language: string
  languages: string[]
  resolvedLanguage: string
  readonly isInitialized = true
  readonly options: {
    fallbackLng: string
    supportedLngs: readonly string[]
    defaultNS: string
    ns: string[]
    interpolation: { escapeValue: false }
    react: { useSuspense: false; bindI18n: string; bindI18nStore: string }
  }
  readonly store: {
    data: Resources
    on: (event: string, fn: Listener) => void
    off: (event: string, fn: Listener) => void
  }
  private listeners = new Map<string, Set<Listener>>()
  private storeListeners = new Map<string, Set<Listener>>()

  constructor(options: TranslatorOptions) {
    this.options = {
      fallbackLng: options.fallbackLng,
      supportedLngs: options.supportedLngs,
      defaultNS: options.defaultNS,
      ns: [options.defaultNS],
      interpolation: { escapeValue: false },
      react: { useSuspense: false, bindI18n: 'languageChanged', bindI18nStore: '' },
    }
    const data: Resources = {}
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) data[lng] = { ...namespaces }
    const on = (map: Map<string, Set<Listener>>) => (event: string, fn: Listener) => {
      if (!map.has(event)) map.set(event, new Set())
      map.get(event)!.add(fn)
    }
    const off = (map: Map<string, Set<Listener>>) => (event: string, fn: Listener) =>
      map.get(event)?.delete(fn)
    this.store = { data, on: on(this.storeListeners), off: off(this.storeListeners) }
    this.language = options.lng
    this.resolvedLanguage = options.lng
    this.languages = this.chain(options.lng)
  }

  /** i18next plugin hook: react-i18next's initReactI18next registers the instance. */
  use(module: { type?: string; init?: (instance: unknown) => void }) {
    if (module.type === '3rdParty') module.init?.(this)
    return this
  }

  on(event: string, fn: Listener) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set())
    this.listeners.get(event)!.add(fn)
    return this
  }

  off(event: string, fn?: Listener) {
    if (fn) this.listeners.get(event)?.delete(fn)
    else this.listeners.delete(event)
    return this
  }

  private emit(map: Map<string, Set<Listener>>, event: string, ...args: unknown[]) {
    for (const fn of [...(map.get(event) ?? [])]) fn(...args)
  }

  private chain(lng: string): string[] {
    return lng === this.options.fallbackLng ? [lng] : [lng, this.options.fallbackLng]
  }

  private resolve(key: string, options: TranslateOptions, lng: string): string | undefined {
    let ns = options.ns ?? this.options.defaultNS
    let path = key
    const colon = key.indexOf(':')
    if (colon > 0) {
      ns = key.slice(0, colon)
      path = key.slice(colon + 1)
    }
    if (options.keyPrefix) path = `${options.keyPrefix}.${path}`
    const namespaces = typeof ns === 'string' ? [ns] : [...ns]
    const candidates: string[] = []
    if (typeof options.count === 'number') {
      const rule = new Intl.PluralRules(lng).select(options.count)
      candidates.push(`${path}_${rule}`)
      if (rule !== 'other') candidates.push(`${path}_other`)
    }
    candidates.push(path)
    for (const language of this.chain(lng)) {
      for (const namespace of namespaces) {
        for (const candidate of candidates) {
          const value = lookupPath(this.store.data[language]?.[namespace], candidate)
          if (typeof value === 'string') return value
        }
      }
    }
    return undefined
  }

  /** Translates `key` (or the first found of several keys); the key itself when nothing matches. */
  t = (key: string | readonly string[], options: TranslateOptions | string = {}): string => {
    const opts: TranslateOptions = typeof options === 'string' ? { defaultValue: options } : options
    const lng = opts.lng ?? this.language
    const keys = typeof key === 'string' ? [key] : key
    for (const k of keys) {
      const found = this.resolve(k, opts, lng)
      if (found !== undefined) return interpolate(found, opts)
    }
    if (opts.defaultValue !== undefined) return interpolate(opts.defaultValue, opts)
    return keys[keys.length - 1] ?? ''
  }

  getFixedT(lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string) {
    return (key: string | readonly string[], options: TranslateOptions | string = {}) => {
      const opts: TranslateOptions = typeof options === 'string' ? { defaultValue: options } : options
      return this.t(key, {
        ...opts,
        lng: opts.lng ?? lng ?? undefined,
        ns: opts.ns ?? ns ?? undefined,
        keyPrefix: opts.keyPrefix ?? keyPrefix,
      })
    }
  }

  exists(key: string, options: TranslateOptions = {}) {
    return this.resolve(key, options, options.lng ?? this.language) !== undefined
  }

  async changeLanguage(lng?: string) {
    if (lng && lng !== this.language) {
      this.language = lng
      this.resolvedLanguage = lng
      this.languages = this.chain(lng)
      this.emit(this.listeners, 'languageChanged', lng)
    }
    return this.t
  }

  hasResourceBundle(lng: string, ns: string) {
    return Boolean(this.store.data[lng]?.[ns])
  }

  getResourceBundle(lng: string, ns: string) {
    return this.store.data[lng]?.[ns]
  }

  addResourceBundle(lng: string, ns: string, bundle: Bundle, _deep?: boolean, overwrite = true) {
    const namespaces = (this.store.data[lng] ??= {})
    namespaces[ns] = overwrite ? { ...namespaces[ns], ...bundle } : { ...bundle, ...namespaces[ns] }
    this.emit(this.storeListeners, 'added', lng, ns)
    return this
  }

  /** Everything is bundled: namespaces are always loaded. */
  hasLoadedNamespace() {
    return true
  }

  loadNamespaces() {
    return Promise.resolve()
  }

  dir() {
    return 'ltr' as const
  }
}
