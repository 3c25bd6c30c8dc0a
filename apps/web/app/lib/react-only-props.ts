import { options } from 'preact'

/**
 * Props that mean something to React only, which Preact (the storefront's runtime, decision 031)
 * would otherwise write into the page as attributes: React Router puts `suppressHydrationWarning`
 * on its scripts and preload links. Imported by both entries, before anything renders.
 */
const REACT_ONLY = ['suppressHydrationWarning'] as const

const previous = options.vnode
options.vnode = (vnode) => {
  const props = vnode.props as Record<string, unknown> | null
  if (props && typeof vnode.type === 'string')
    for (const name of REACT_ONLY) if (name in props) delete props[name]
  previous?.(vnode)
}
