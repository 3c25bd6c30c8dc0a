import type { AppLoadContext, EntryContext } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter } from 'react-router'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { NonceContext } from '~/lib/nonce.ts'
import { deferredScriptsStream } from '~/lib/deferred-scripts.server.ts'

/**
 * React Router's own Node entry with two changes: every inline script of the page carries this
 * answer's CSP nonce (docs/decisions/024-security-headers.md). React's streaming scripts take it
 * from `nonce`, React Router's hydration scripts from ServerRouter and <Scripts> (root.tsx, through
 * NonceContext); and React Router's scripts are made inert, for the hydration gate to start them
 * once the page has painted its largest picture (lib/deferred-scripts.server.ts,
 * lib/hydration-gate.ts, decision 031).
 */
export const streamTimeout = 5_000

export default function handleRequest(
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

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers (and SPA mode) get the whole page at once, not streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // A boundary whose content is ready goes out in place. React would otherwise move every
        // boundary after the first 12.8 KB of the page to its end and reveal it by script, in
        // batches: the footer and the regions below the first screen would jump into place late.
        // Our pages are rendered in-process and at most 50 KB, and the boundaries are there for
        // hydration in tasks of their own (decision 040), not for streaming.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true
          const body = deferredScriptsStream(() => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors inside the shell once it is out; shell errors reject and React Router logs them.
          // A browser that went away (the request aborted) is no error of ours (issue 44).
          if (shellRendered && !request.signal.aborted) console.error(error)
        },
      },
    )
  })
}

/**
 * React Router's report of an error in a loader or action: a request aborted because the browser
 * went away is not logged as an error (issue 44); anything else is.
 */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return
  console.error(error)
}
