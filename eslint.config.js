import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync, readFileSync } from 'node:fs'

// Feature boundaries of the web (docs/decisions/013-web-data-layer.md): a feature never imports
// another feature, and the shared layers (lib, shared, components) never import a feature; routes and
// root.tsx compose them. What several features need lives in app/shared (the bag, the wishlist toggle).
const WEB_FEATURES = readdirSync(new URL('./apps/web/app/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const TEST_FILES = ['**/*.test.{ts,tsx}', '**/*.test-utils.{ts,tsx}', '**/test/**']
const featureBoundary = (feature) => {
  const others = WEB_FEATURES.filter((name) => name !== feature).join('|')
  const message = `Features do not import each other: move what both need to app/shared, or compose them in a route.`
  return {
    files: [`apps/web/app/features/${feature}/**/*.{ts,tsx}`],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^~/features/(?!${feature}/)`, message },
            { regex: `^(\\.\\./)+(${others})/`, message },
          ],
        },
      ],
    },
  }
}

// Modules of the API (docs/decisions/041-one-module-per-business-domain.md): a module reaches
// another only through its index.ts, and code outside the modules (app.ts, jobs, seed) likewise.
const API_MODULES = readdirSync(new URL('./apps/api/src/domains', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const API_TEST_FILES = ['**/*.test.ts', '**/*.fixtures.ts', '**/*.test-utils.ts', '**/test/**']
const moduleMessage =
  'Modules meet at their index.ts: import what another module offers from ../<module>/index.ts, or add it there.'
// The demo store (apps/api/src/demo: seed and art) is apart from production code (decision 042): no
// static import reaches it; the server loads it with import() only when the demo is asked for.
const demoApart = {
  regex: '(^|/)demo/',
  message:
    'Production code does not import the demo store: load it with import() where the demo is asked for (decision 042).',
}
const apiModuleBoundary = (name) => {
  // A file in a module's own folder (media/svg) reaches its siblings with ../ too.
  const inside = [
    name,
    ...readdirSync(new URL(`./apps/api/src/domains/${name}`, import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  ].join('|')
  return {
    files: [`apps/api/src/domains/${name}/**/*.ts`],
    ignores: API_TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: `^\\.\\./(?!(${inside})/)[a-z-]+/(?!index\\.ts$).+`, message: moduleMessage },
            { regex: `domains/[a-z-]+/(?!index\\.ts$).+`, message: moduleMessage },
            demoApart,
          ],
        },
      ],
    },
  }
}

// Tables of the API (issue 42): each table of db/schema has one owning module (schema/owners.json),
// the only module that imports it; another reads it through the owner's index.ts. The owners.json
// `reaches` are the imports from another module that are still to go; any other fails here.
const TABLES = JSON.parse(
  readFileSync(new URL('./apps/api/src/db/schema/owners.json', import.meta.url), 'utf8'),
)
const moduleTables = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const inModule = /apps\/api\/src\/domains\/([a-z-]+)\//.exec(context.filename.replaceAll('\\', '/'))
    if (!inModule) return {}
    const mod = inModule[1]
    const allowed = new Set(TABLES.reaches[mod] ?? [])
    return {
      ImportDeclaration(node) {
        if (!/(^|\/)db\/schema\/(index\.ts|[a-z-]+\.ts)$/.test(String(node.source.value))) return
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier') continue
          const table = specifier.imported.name
          const owner = TABLES.owners[table]
          if (!owner || owner === mod || allowed.has(table)) continue
          context.report({
            node: specifier,
            message: `${table} is the ${owner} module's table (db/schema/owners.json): read it through what ../${owner}/index.ts offers, or add a function there (issue 42).`,
          })
        }
      },
    }
  },
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}', 'apps/admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Browser code imports the contract's zod-free core only (docs/decisions/012): zod would add
    // ~34 KB gzipped to every page. Server-only modules and tests may use the schemas. Type-only
    // imports of zod are erased, so they cost nothing.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/**/*.server.{ts,tsx}', ...TEST_FILES.map((pattern) => `apps/web/app/${pattern}`)],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@busana/contract/schemas',
              message:
                'Browser code imports @busana/contract (the zod-free core); schemas are for *.server.ts.',
            },
            {
              name: 'zod',
              allowTypeImports: true,
              message: 'zod stays out of the browser bundle: validate on the server (*.server.ts, the API).',
            },
          ],
          patterns: [
            {
              group: ['zod/*', '@busana/contract/src/*', '**/packages/contract/src/**'],
              allowTypeImports: true,
              message: 'Browser code imports @busana/contract (the zod-free core) by its package name.',
            },
          ],
        },
      ],
    },
  },
  ...WEB_FEATURES.map(featureBoundary),
  ...API_MODULES.map(apiModuleBoundary),
  {
    files: ['apps/api/src/domains/**/*.ts'],
    ignores: API_TEST_FILES,
    plugins: { busana: { rules: { 'module-tables': moduleTables } } },
    rules: { 'busana/module-tables': 'error' },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [...API_TEST_FILES, 'apps/api/src/domains/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `domains/[a-z-]+/(?!index\\.ts$).+`, message: moduleMessage }, demoApart] },
      ],
    },
  },
  {
    files: ['apps/web/app/{lib,shared,components}/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^~/features/',
              message: 'lib, shared and components sit below the features: they never import one.',
            },
          ],
        },
      ],
    },
  },
)
