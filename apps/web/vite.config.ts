import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'

/**
 * react-i18next imports only `keyFromSelector` from i18next at run time; the app's translator is
 * app/lib/translator.ts. Resolving that import to a copy of the one function keeps all of i18next
 * (~15.5 KB gzipped) out of the browser bundle, for the 150 KB first-view budget.
 */
function reactI18nextWithoutI18next(): Plugin {
  const shim = fileURLToPath(new URL('./app/lib/i18next-selector.ts', import.meta.url))
  return {
    name: 'busana:react-i18next-without-i18next',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'i18next' && importer?.includes('/node_modules/react-i18next/')) return shim
    },
  }
}

export default defineConfig({
  plugins: [reactI18nextWithoutI18next(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: { target: 'es2022' },
})
