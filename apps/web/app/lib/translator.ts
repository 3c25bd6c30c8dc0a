/**
 * The storefront's own translator (decision 014): no i18next and no react-i18next at run time.
 *
 * `t` follows i18next's rules for what the locale files use (nested keys, `ns:key`, namespaces,
 * `{{var}}` interpolation, `count` plurals through Intl.PluralRules, `defaultValue`, `keyPrefix`,
 * the fallback language); translator.test.ts renders every string of the locale files with it and
 * with i18next (a test-only dependency) and requires identical output.
 *
 * Namespaces are loaded per language when needed: the server hands over those of the matched
 * routes, `loadNamespaces` brings the others (lazy chunks), and `changeLanguage` loads the new
 * language's copy of every namespace in use before it switches, so no raw key ever shows.
 */

type Bundle = Record<string, unknown>
/** Translations by language and namespace: { en: { common: {...}, product: {...} } }. */
export type Resources = Record<string, Record<string, Bundle>>
/** Brings one namespace of one language (a lazy chunk in the app). */
export type NamespaceLoader = (lng: string, ns: string) => Promise<Bundle>

export interface TranslateOptions {
  lng?: string
  ns?: string | readonly string[]
  defaultValue?: string
  count?: number
  keyPrefix?: string
  [name: string]: unknown
}

export type TFunction = (key: string | readonly string[], options?: TranslateOptions | string) => string

export interface TranslatorOptions {
  lng: string
  fallbackLng: string
  defaultNS: string
  resources?: Resources
  /** Loads namespaces that are missing; without it, missing namespaces stay missing (keys show). */
  load?: NamespaceLoader
}

/** A promise React's `use` reads as already fulfilled (React marks the thenables it tracks the same way). */
const READY: PromiseLike<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined })

const PLACEHOLDER = /\{\{\s*([\w.-]+)\s*\}\}/g

const pluralRulesByLanguage = new Map<string, Intl.PluralRules>()
/** One Intl.PluralRules per language, built once (t() with a count runs on every render). */
function pluralRules(lng: string): Intl.PluralRules {
  let rules = pluralRulesByLanguage.get(lng)
  if (!rules) pluralRulesByLanguage.set(lng, (rules = new Intl.PluralRules(lng)))
  return rules
}

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
  readonly fallbackLng: string
  readonly defaultNS: string
  private readonly data: Resources = {}
  private readonly load: NamespaceLoader | undefined
  private readonly loading = new Map<string, Promise<void>>()
  private readonly listeners = new Set<() => void>()

  constructor(options: TranslatorOptions) {
    this.language = options.lng
    this.fallbackLng = options.fallbackLng
    this.defaultNS = options.defaultNS
    this.load = options.load
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, bundle] of Object.entries(namespaces)) this.addNamespace(lng, ns, bundle)
    }
  }

  /** The languages looked up, in order: the language, then the fallback. */
  get languages(): string[] {
    return this.chain(this.language)
  }

  private chain(lng: string): string[] {
    return lng === this.fallbackLng ? [lng] : [lng, this.fallbackLng]
  }

  /** Calls `listener` after every language change and every namespace added; returns the unsubscribe. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private notify() {
    for (const listener of [...this.listeners]) listener()
  }

  hasNamespace(lng: string, ns: string): boolean {
    return Boolean(this.data[lng]?.[ns])
  }

  /** The namespaces present in `lng`. */
  namespaces(lng: string = this.language): string[] {
    return Object.keys(this.data[lng] ?? {})
  }

  /** Whether a missing namespace can be brought by `loadNamespaces` (false without a loader). */
  get canLoad(): boolean {
    return Boolean(this.load)
  }

  addNamespace(lng: string, ns: string, bundle: Bundle) {
    ;(this.data[lng] ??= {})[ns] = bundle
    this.notify()
    return this
  }

  /**
   * Loads the missing ones of `namespaces` in `lng`. The promise of one namespace is kept while it
   * loads, so React's `use` sees the same promise on every render (see i18n-react.ts).
   */
  loadNamespaces(lng: string, namespaces: readonly string[]): Promise<void> {
    const load = this.load
    if (!load) return Promise.resolve()
    const missing = namespaces.filter((ns) => !this.hasNamespace(lng, ns))
    if (missing.length === 0) return Promise.resolve()
    return Promise.all(
      missing.map((ns) => {
        const id = `${lng}:${ns}`
        let pending = this.loading.get(id)
        if (!pending) {
          pending = load(lng, ns).then(
            (bundle) => {
              this.loading.delete(id)
              this.addNamespace(lng, ns, bundle)
            },
            (error: unknown) => {
              this.loading.delete(id)
              throw error
            },
          )
          this.loading.set(id, pending)
        }
        return pending
      }),
    ).then(() => undefined)
  }

  /**
   * For React's `use`: a promise that is settled as React reads it (`status: 'fulfilled'`) once the
   * namespace is there or cannot be loaded, else the namespace's pending load (started here).
   * `useTranslation` passes it to `use` on every render, loaded or not: React must meet the same
   * `use` call when it replays a component that suspended on it before mounting.
   */
  ready(lng: string, ns: string): PromiseLike<void> {
    if (this.hasNamespace(lng, ns) || !this.load) return READY
    void this.loadNamespaces(lng, [ns]).catch(() => {})
    return this.loading.get(`${lng}:${ns}`) ?? READY
  }

  /** Loads `lng`'s copy of every namespace in use, then switches and tells the subscribers. */
  async changeLanguage(lng: string): Promise<void> {
    if (lng === this.language) return
    await this.loadNamespaces(lng, this.namespaces(this.language))
    this.language = lng
    this.notify()
  }

  private resolve(key: string, options: TranslateOptions, lng: string): string | undefined {
    let ns = options.ns ?? this.defaultNS
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
      const rule = pluralRules(lng).select(options.count)
      candidates.push(`${path}_${rule}`)
      if (rule !== 'other') candidates.push(`${path}_other`)
    }
    candidates.push(path)
    for (const language of this.chain(lng)) {
      for (const namespace of namespaces) {
        for (const candidate of candidates) {
          const value = lookupPath(this.data[language]?.[namespace], candidate)
          if (typeof value === 'string') return value
        }
      }
    }
    return undefined
  }

  /** Translates `key` (or the first found of several keys); the key itself when nothing matches. */
  t: TFunction = (key, options = {}) => {
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

  /** A `t` bound to a language, namespace(s) and key prefix (each overridable per call). */
  getFixedT(lng: string | null, ns?: string | readonly string[] | null, keyPrefix?: string): TFunction {
    return (key, options = {}) => {
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
}
