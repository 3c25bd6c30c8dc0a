import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { renderToStringAsync } from 'preact-render-to-string'
import { NonceContext } from '~/lib/nonce.ts'
import { deferScripts, preloadHero } from '~/lib/deferred-scripts.server.ts'
import '~/lib/react-only-props.ts'

/**
 * React Router's Node entry, rendered by Preact (the storefront's runtime, decision 031 addendum 3):
 * - the whole page is rendered before it is sent (Preact's streaming would write its own inline
 *   scripts without the CSP nonce; our loaders are in-process calls, so the first byte waits little);
 * - every inline script of the page carries this answer's CSP nonce (decision 024): React Router's
 *   hydration scripts take it from ServerRouter and <Scripts> (root.tsx, through NonceContext);
 * - React Router's scripts are made inert, for the hydration gate to start them once the page has
 *   painted its largest picture, and that picture is preloaded from <head>
 *   (lib/deferred-scripts.server.ts, lib/hydration-gate.ts).
 */
export const streamTimeout = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce
  const html = await renderToStringAsync(
    <NonceContext value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext>,
  )
  responseHeaders.set('Content-Type', 'text/html')
  return new Response(preloadHero(deferScripts(`<!DOCTYPE html>${html}`)), {
    headers: responseHeaders,
    status: responseStatusCode,
  })
}
