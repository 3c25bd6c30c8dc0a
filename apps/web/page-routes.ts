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
  return (pathname) => {
    const matches = matchRoutes(tree, pathname)
    if (!matches) return undefined
    const parts = matches.map((match) => match.route.path?.replace(/^\/+|\/+$/g, '')).filter(Boolean)
    return `/${parts.join('/')}`
  }
}
