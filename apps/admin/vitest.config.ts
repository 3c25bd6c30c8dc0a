import { defineConfig } from 'vitest/config'

/** Tests of the back office's lib/, hooks and forms (jsdom), run as the root's 'admin' project. */
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    name: 'admin',
    root: new URL('.', import.meta.url).pathname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup-test-env.ts'],
  },
})
