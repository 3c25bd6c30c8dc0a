import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { readdirSync } from 'node:fs'

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
  ...WEB_FEATURES.map(featureBoundary),
  {
    files: ['apps/web/app/{lib,shared,components}/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // cart.rules.ts is the one exception until its rules move to the contract's core (issue 7, §1).
              regex: '^~/features/(?!cart/cart\\.rules(\\.ts)?$)',
              message: 'lib, shared and components sit below the features: they never import one.',
            },
          ],
        },
      ],
    },
  },
)
