import type { ClientInstrumentation } from 'react-router'
import { browserTranslator, namespacesOf } from './i18n.ts'

type Manifest = { routes: Record<string, { module: string } | undefined> }

/** Brings the page language's copy of the namespaces a route module declares (none when all are in). */
async function bringNamespaces(routeId: string): Promise<void> {
  const i18n = browserTranslator()
  const manifest = (window as unknown as { __reactRouterManifest?: Manifest }).__reactRouterManifest
  const url = manifest?.routes[routeId]?.module
  if (!i18n || !url) return
  // The route's own module, which React Router imports for this navigation anyway.
  const module = (await import(/* @vite-ignore */ url)) as { handle?: unknown }
  await i18n.loadNamespaces(i18n.language, namespacesOf([module.handle])).catch(() => {})
}

/**
 * A page is shown only once its strings are in. React keeps the old page while a component
 * suspends in a navigation (a transition); Preact, the browser's runtime (decision 031), has no
 * transitions, so each route's data load waits for its `handle.i18n` too (in the current language:
 * after a language switch a page seen before brings its strings again).
 */
export const routeNamespaces: ClientInstrumentation = {
  route(route) {
    route.instrument({
      async loader(load) {
        await Promise.all([load(), bringNamespaces(route.id).catch(() => {})])
      },
    })
  },
}
