import { createElement, lazy, memo, Suspense, type ComponentType } from 'react'

/**
 * A region whose code the browser loads apart from the first view's (decision 040): below the first
 * screen (footer, a product's details, related products), or links that work as plain links until
 * then (the header's menus). Declared as
 *
 *     const SiteFooter = lazyRegion(import.meta.env.SSR ? ServerFooter : null, () =>
 *       import('./site-footer.tsx').then((m) => m.SiteFooter))
 *
 * The server renders the region whole from its static import, so shoppers and crawlers get the
 * full page; in the browser's build the import is dropped (`false ? ServerFooter : null`) and the
 * region is React.lazy. Either way it sits in its own <Suspense>: hydration leaves the server's HTML
 * in place until the code is in, then hydrates the region as a task of its own. React asks for the
 * code when hydration reaches the region; until it is in, the region's links work as plain links
 * but its buttons do nothing (React 19 does not replay a tap on a region it could not hydrate), as
 * with any part of the page before it hydrates.
 *
 * The region is memoised: React gives up on hydrating a boundary that is re-rendered with new props
 * before its code is in, and shows its (empty) fallback until then. Pass it props that stay the
 * same from render to render (strings, the loader's objects, callbacks kept with useCallback).
 */
export function lazyRegion<P extends object>(
  server: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Component = server ?? lazy(() => load().then((component) => ({ default: component })))
  return memo(function LazyRegion(props: P) {
    return createElement(Suspense, { fallback: null }, createElement(Component, props))
  })
}
