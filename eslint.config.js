import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', '**/.data/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
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
    ignores: ['apps/web/app/**/*.server.{ts,tsx}', 'apps/web/app/**/*.test.{ts,tsx}'],
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
)
