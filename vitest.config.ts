import { defineConfig } from 'vitest/config'

/** One Vitest run over every workspace: contract rules, the servers' shared toolkit, repository checks (scripts/), API integration tests, web components, the back office. */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'server', include: ['packages/server/src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'repo', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      'apps/web/vitest.config.ts',
      'apps/admin/vitest.config.ts',
    ],
  },
})
