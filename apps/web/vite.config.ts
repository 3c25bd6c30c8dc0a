import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

/**
 * The contract package's modules only declare schemas and pure functions. Marking them free of side
 * effects lets the bundler drop the zod schemas (and zod) from browser code that only uses the rules.
 */
function contractWithoutSideEffects(): Plugin {
  return {
    name: 'busana:contract-side-effect-free',
    transform(code, id) {
      if (id.includes('/packages/contract/src/')) return { code, map: null, moduleSideEffects: false }
    },
  }
}

export default defineConfig({
  plugins: [contractWithoutSideEffects(), tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: { target: 'es2022' },
})
