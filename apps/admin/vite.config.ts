import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

/**
 * The back office (issue 14): a single-page app of its own, built into dist/ and served under
 * /admin by the storefront's server (storefront-server.ts `adminDir`). Nothing here is imported by
 * the storefront, so none of it reaches the storefront's bundles. `npm run dev -w apps/admin`
 * serves it with hot reload and sends /api to the store on :3000.
 */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Libraries change less often than our screens: their own files stay cached across releases.
    rollupOptions: {
      output: {
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react'
          if (/node_modules\/(@tanstack|react-hook-form|@hookform|i18next|react-i18next)\//.test(id))
            return 'libs'
          if (/node_modules\/zod\/|packages\/contract\//.test(id)) return 'contract'
          return undefined
        },
      },
    },
  },
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000', '/media': 'http://localhost:3000' } },
})
