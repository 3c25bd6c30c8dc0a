import {
  createContext,
  createElement,
  Fragment,
  lazy,
  memo,
  Suspense,
  useContext,
  useEffect,
  useRef,
  type ComponentType,
  type RefObject,
} from 'react'

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
 * code when hydration reaches the region; until it is in, the region's links work as plain links.
 *
 * A tap on one of its buttons in that moment is kept and replayed once the region has hydrated
 * (React 19 drops it: it cannot hydrate a boundary whose code is still on the way). The region is
 * marked by two empty <template> elements around it (display: none, no box, no gap), so a listener
 * on the window, which hears the tap before React's own on the document, can tell that the tap
 * landed in a region still waiting for its code.
 *
 * The region is memoised: React gives up on hydrating a boundary that is re-rendered with new props
 * before its code is in, and shows its (empty) fallback until then. Pass it props that stay the
 * same from render to render (strings, the loader's objects, callbacks kept with useCallback).
 */
export function lazyRegion<P extends object>(
  server: ComponentType<P> | null,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Component: ComponentType<P> =
    server ?? lazy(() => load().then((loaded) => ({ default: hydratedSignal(loaded) })))
  return memo(function LazyRegion(props: P) {
    const start = useRef<HTMLTemplateElement>(null)
    return createElement(
      Fragment,
      null,
      createElement('template', { ref: start, 'data-lazy-region': '' }),
      createElement(
        RegionStart.Provider,
        { value: start },
        createElement(Suspense, { fallback: null }, createElement(Component, props)),
      ),
      createElement('template', { 'data-lazy-region-end': '' }),
    )
  })
}

const RegionStart = createContext<RefObject<HTMLTemplateElement | null> | null>(null)

/** Buttons and the like whose tap does something only once React handles it. */
const ACTIONABLE =
  'button, [role="button"], [role="tab"], [role="radio"], [role="switch"], [role="checkbox"], summary, input[type="checkbox"], input[type="radio"]'

/** Region start markers whose region has hydrated. */
const hydratedRegions = new WeakSet<Element>()
/** Taps kept per region start marker, to replay when it hydrates. */
const keptTaps = new WeakMap<Element, HTMLElement>()

/** The region's own component, telling its markers when it has hydrated. */
function hydratedSignal<P extends object>(Loaded: ComponentType<P>): ComponentType<P> {
  return function Hydrated(props: P) {
    const start = useContext(RegionStart)
    useEffect(() => {
      const marker = start?.current
      if (!marker) return
      hydratedRegions.add(marker)
      const tap = keptTaps.get(marker)
      keptTaps.delete(marker)
      // After this commit: the replayed click meets the handlers hydration just attached.
      if (tap) setTimeout(() => tap.isConnected && tap.click(), 0)
    }, [start])
    return createElement(Loaded, props)
  }
}

/** The start marker of the region still waiting for its code that holds `target`, or null. */
function waitingRegionOf(target: Element): Element | null {
  for (const start of document.querySelectorAll('template[data-lazy-region]')) {
    if (hydratedRegions.has(start)) continue
    for (let node = start.nextSibling; node; node = node.nextSibling) {
      if (node instanceof Element && node.matches('template[data-lazy-region-end]')) break
      if (node.contains(target)) return start
    }
  }
  return null
}

function keepTapsOnWaitingRegions() {
  addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted || !(event.target instanceof Element)) return
      const control = event.target.closest<HTMLElement>(ACTIONABLE)
      if (!control || control.closest('a[href]')) return
      const region = waitingRegionOf(control)
      if (!region) return
      // React would drop it; keep the last tap and replay it once the region is live.
      event.preventDefault()
      event.stopImmediatePropagation()
      keptTaps.set(region, control)
    },
    true,
  )
}

if (typeof window !== 'undefined') keepTapsOnWaitingRegions()
