import { LRUCache } from 'lru-cache'
import { matchRoutes, type RouteObject } from 'react-router'

/** A route of React Router's server build manifest (`build.routes`): what a pattern is made of. */
export interface ManifestRoute {
  id: string
  parentId?: string
  path?: string
  index?: boolean
}

/**
 * The page pattern of a path by the app's own routes ('/shop/product/abc/x' →
 * '/shop/product/:id/:name'), for the request metrics (decision 043): the label of every page is
 * its route's pattern, never its URL. A path no route matches has none (the splat route '/*'
 * matches the rest, so in the app that is only a malformed path).
 *
 * React Router's `matchRoutes` flattens and ranks every route on each call: on a kept page that was
 * a third of the answer's CPU (issue 41). The patterns of the last 2,000 paths are kept; paths
 * are many, but the busy ones few.
 */
export function pagePatterns(
  manifest: Record<string, ManifestRoute | undefined>,
): (pathname: string) => string | undefined {
  const routes = Object.values(manifest).filter((route): route is ManifestRoute => route !== undefined)
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, path: route.path, index: true }
          : { id: route.id, path: route.path, children: childrenOf(route.id) },
      )
  const tree = childrenOf(undefined)
  const match = (pathname: string) => {
    const matches = matchRoutes(tree, pathname)
    if (!matches) return ''
    const parts = matches.map((found) => found.route.path?.replace(/^\/+|\/+$/g, '')).filter(Boolean)
    return `/${parts.join('/')}`
  }
  const known = new LRUCache<string, string>({ max: 2000 })
  return (pathname) => {
    let pattern = known.get(pathname)
    if (pattern === undefined) known.set(pathname, (pattern = match(pathname)))
    return pattern || undefined
  }
}
