import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Rollup } from 'vite'

/** Whether the root route imports the module, directly or through other modules (static imports). */
function shellImports(id: string, getModuleInfo: Rollup.GetModuleInfo, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false
  seen.add(id)
  return (getModuleInfo(id)?.importers ?? []).some(
    (importer) => /[\\/]app[\\/]root\.tsx/.test(importer) || shellImports(importer, getModuleInfo, seen),
  )
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // React, React DOM and React Router change together and every page needs them: one file
        // (one request, one modulepreload link, and better compression than three).
        manualChunks: (id, { getModuleInfo }) => {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id))
            return 'framework'
          // The app's small shared core (request layer, stores, translator, pure rules of the
          // contract's zod-free core): the shell imports nearly all of it, so one file rather than a
          // dozen modulepreload links in every page's head. A helper of app/lib that the shell does
          // not import (a listing's endless scroll) stays with the pages that use it.
          // The listing filter's rules (issue 39) go with the listing and search pages that use them,
          // not into every page's core (a module the core's barrel re-exports would be pulled in).
          if (/[\\/]packages[\\/]contract[\\/]src[\\/]catalog[\\/]listing-filter\.rules/.test(id))
            return 'listing-filter'
          if (
            /[\\/]node_modules[\\/]zustand[\\/]/.test(id) ||
            (/[\\/]app[\\/]lib[\\/][^/\\]+\.tsx?$/.test(id) && shellImports(id, getModuleInfo)) ||
            (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) && !/schemas/.test(id))
          )
            return 'core'
          return undefined
        },
      },
    },
  },
})
