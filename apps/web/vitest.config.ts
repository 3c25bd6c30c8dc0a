import { defineConfig } from 'vitest/config'

/** Component tests for the storefront's state-heavy pieces (jsdom). */
export default defineConfig({
  resolve: {
    alias: {
      '~': new URL('./app', import.meta.url).pathname,
      // The root loader reads the routes' handles from the server build (route-namespaces.server.ts).
      'virtual:react-router/server-build': new URL('./app/test/server-build.ts', import.meta.url).pathname,
    },
  },
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    include: ['app/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./app/test/setup-test-env.ts'],
  },
})
