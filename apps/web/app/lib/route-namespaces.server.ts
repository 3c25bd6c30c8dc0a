import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router'
import { namespacesOf } from './i18n.ts'

type BuildRoutes = ServerBuild['routes']

/** React Router's route tree of the build, each route by its id (what `matchRoutes` walks). */
function routeTree(routes: BuildRoutes, parentId?: string): RouteObject[] {
  return Object.values(routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => {
      const children = routeTree(routes, route!.id)
      return route!.index
        ? { id: route!.id, index: true as const, path: route!.path, caseSensitive: route!.caseSensitive }
        : { id: route!.id, path: route!.path, caseSensitive: route!.caseSensitive, children }
    })
}

const trees = new WeakMap<BuildRoutes, RouteObject[]>()

/** The namespaces the routes matching `pathname` declare in their `handle.i18n`, after the shell's. */
export function namespacesForPath(routes: BuildRoutes, pathname: string): string[] {
  let tree = trees.get(routes)
  if (!tree) trees.set(routes, (tree = routeTree(routes)))
  const matches = matchRoutes(tree, pathname) ?? []
  return namespacesOf(matches.map((match) => routes[match.route.id!]?.module.handle))
}

let buildRoutes: Promise<BuildRoutes> | undefined

/**
 * The namespaces of the page the root loader renders: React Router gives loaders no matches, so
 * they come from the server build's routes (the same tree React Router matches) and their handles.
 */
export async function routeNamespaces(request: Request): Promise<string[]> {
  buildRoutes ??= import('virtual:react-router/server-build').then((build) => build.routes)
  return namespacesForPath(await buildRoutes, new URL(request.url).pathname)
}
