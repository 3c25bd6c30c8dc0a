/**
 * What react-i18next needs from i18next at run time: `keyFromSelector` (the selector form of
 * `keyPrefix`). vite.config.ts points react-i18next's `import … from 'i18next'` here, so the browser
 * bundle gets this function instead of all of i18next (~15.5 KB gzipped). Same logic as i18next's.
 */
const PATH_KEY = Symbol('i18next/PATH_KEY')

function createProxy(): object {
  const state: PropertyKey[] = []
  const handler: ProxyHandler<object> = Object.create(null)
  let proxy: { proxy: object; revoke: () => void } | undefined
  handler.get = (target, key) => {
    proxy?.revoke()
    if (key === PATH_KEY) return state
    state.push(key)
    proxy = Proxy.revocable(target, handler)
    return proxy.proxy
  }
  return Proxy.revocable(Object.create(null), handler).proxy
}

export function keyFromSelector(
  selector: (proxy: object) => unknown,
  opts?: {
    keySeparator?: string | false
    nsSeparator?: string | false
    ns?: string | string[]
    enableSelector?: string
  },
): string {
  const path = (selector(createProxy()) as Record<symbol, string[]>)[PATH_KEY] ?? []
  const keySeparator = opts?.keySeparator || '.'
  const nsSeparator = opts?.nsSeparator ?? ':'
  const strict = opts?.enableSelector === 'strict'
  if (path.length > 1 && nsSeparator) {
    const ns = opts?.ns
    const nsList = strict ? (Array.isArray(ns) ? ns : ns ? [ns] : null) : Array.isArray(ns) ? ns : null
    if (nsList) {
      const candidates = strict ? nsList : nsList.length > 1 ? nsList.slice(1) : []
      if (candidates.includes(path[0]!)) return `${path[0]}${nsSeparator}${path.slice(1).join(keySeparator)}`
    }
  }
  return path.join(keySeparator)
}
