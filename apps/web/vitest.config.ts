import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { PREACT } from './preact-aliases.ts'

/** Component tests for the storefront's state-heavy pieces (jsdom). */
export default defineConfig({
  resolve: {
    conditions: ['module', 'import', 'development'],
    alias: {
      '~': new URL('./app', import.meta.url).pathname,
      // The root loader reads the routes' handles from the server build (route-namespaces.server.ts).
      'virtual:react-router/server-build': new URL('./app/test/server-build.ts', import.meta.url).pathname,
      // The browser runs Preact in React's place (vite.config.ts, decision 031): so do the tests.
      ...PREACT,
      // Its ES module build (the CommonJS one would require React itself).
      '@testing-library/react': fileURLToPath(
        import.meta.resolve('@testing-library/react/dist/@testing-library/react.esm.js'),
      ),
    },
  },
  esbuild: { jsx: 'automatic' },
  // ES modules first (React Router's CommonJS build would require React itself).
  ssr: { resolve: { conditions: ['module', 'import', 'development'] } },
  test: {
    name: 'web',
    root: new URL('.', import.meta.url).pathname,
    include: ['app/**/*.test.{ts,tsx}', '*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./app/test/setup-test-env.ts'],
    // Through Vite, so that their imports of React reach Preact too.
    server: { deps: { inline: ['react-router', 'zustand', 'react-share', '@testing-library/react'] } },
  },
})
