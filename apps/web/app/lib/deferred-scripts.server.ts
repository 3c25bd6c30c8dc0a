/**
 * What the server changes in the page's HTML before sending it (decision 031):
 * - React Router's scripts become inert, so that the page's JavaScript starts only once the page
 *   has painted its largest picture: the modulepreload links become inert links the hydration gate
 *   turns back into preloads, and the inline module that imports the route modules and the entry
 *   becomes an inert script the gate runs (lib/hydration-gate.ts);
 * - the page's largest picture (its one `fetchpriority="high"` image) is preloaded from <head>, at
 *   high priority, so the browser asks for it before the parser reaches it.
 */
const MODULE_PRELOAD = /\brel="modulepreload"/g
const BOOTSTRAP = / type="module" async(?:="")?(?=[\s/>])/g

/** The HTML with React Router's script tags made inert for the hydration gate. */
export function deferScripts(html: string): string {
  return html
    .replace(MODULE_PRELOAD, 'data-deferred="modulepreload"')
    .replace(BOOTSTRAP, ' type="text/x-deferred-module" async')
}

const HERO = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i

/** An attribute's raw (still escaped) value in a tag, or undefined. */
function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]
}

/**
 * The HTML with a `<link rel="preload" as="image" fetchpriority="high">` for the body's first
 * high-priority image (its src, srcset and sizes), at the end of <head>; the HTML unchanged when the
 * page has no such image. At the end, because Preact's hydration pairs the head's tags with the
 * root's in order: a tag the root does not render must come after those it does (it is dropped
 * then, its work done). The head is a few hundred bytes, so the preload scanner meets it at once.
 */
export function preloadHero(html: string): string {
  const headEnd = html.indexOf('</head>')
  if (headEnd < 0) return html
  const image = HERO.exec(html.slice(headEnd))?.[0]
  const src = image && attribute(image, 'src')
  if (!image || !src) return html
  const srcset = attribute(image, 'srcset')
  const sizes = attribute(image, 'sizes')
  const link =
    `<link rel="preload" as="image" href="${src}"` +
    (srcset ? ` imagesrcset="${srcset}"` : '') +
    (sizes ? ` imagesizes="${sizes}"` : '') +
    ' fetchpriority="high"/>'
  return html.slice(0, headEnd) + link + html.slice(headEnd)
}
