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
        manualChunks: (id) =>
          /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)
            ? 'framework'
            : undefined,
      },
    },
  },
})
