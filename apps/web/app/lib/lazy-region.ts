import { lazy, type ComponentType } from 'react'

/**
 * The browser's side of a region below the first screen (footer, a product's details, related
 * products): its code loads apart from the first view's (decision 040). Used as
 *
 *     const Footer = import.meta.env.SSR ? SiteFooter : lazyRegion(() => import('./site-footer.tsx').then((m) => m.SiteFooter))
 *
 * inside a <Suspense>: the server renders the region from its static import, whole, so shoppers and
 * crawlers get the full page; the browser's build drops that import, and React's hydration leaves
 * the server's HTML in place until the region's code is in, then hydrates it as a task of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component's props
export function lazyRegion<T extends ComponentType<any>>(load: () => Promise<T>): T {
  return lazy(() => load().then((component) => ({ default: component }))) as unknown as T
}
