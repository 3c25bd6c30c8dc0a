import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'
import { routeNamespaces } from '~/lib/route-namespaces.client.ts'
import '~/lib/react-only-props.ts'

/**
 * React Router's own browser entry, run by Preact in React's place (vite.config.ts, decision 031),
 * with two changes:
 * - the router is made, and the server's hydration data decoded, before hydrating: React waits for
 *   that decoding at the root, Preact would give up on the server's markup;
 * - navigations wait for the next page's strings (lib/route-namespaces.client.ts).
 */
const instrumentations = [routeNamespaces]

async function routerReady(): Promise<void> {
  for (;;) {
    try {
      // Makes the router on its first call and throws (the decoding promise) until the data is in;
      // once the router is there it stops at its first hook, outside a render.
      HydratedRouter({ instrumentations })
      return
    } catch (thrown) {
      if (thrown && typeof (thrown as PromiseLike<unknown>).then === 'function') await thrown
      else return
    }
  }
}

void routerReady().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter instrumentations={instrumentations} />
      </StrictMode>,
    )
  }),
)
