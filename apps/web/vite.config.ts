import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  build: {
    target: 'es2022',
    rollupOptions: {
      output: {
        // React, React DOM and React Router change together and every page needs them: one file
        // (one request, one modulepreload link, and better compression than three).
        manualChunks: (id) => {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id))
            return 'framework'
          // The app's small shared core (request layer, stores, translator, pure rules of the
          // contract's zod-free core): the shell imports nearly all of it, so one file rather than a
          // dozen modulepreload links in every page's head.
          if (
            /[\\/]node_modules[\\/]zustand[\\/]/.test(id) ||
            /[\\/]app[\\/]lib[\\/][^/\\]+\.tsx?$/.test(id) ||
            (/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id) && !/schemas/.test(id))
          )
            return 'core'
          return undefined
        },
      },
    },
  },
})
