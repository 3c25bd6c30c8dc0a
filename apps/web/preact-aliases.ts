/**
 * React's entry points and their Preact equivalents: the storefront's code is written against
 * React's API and runs on Preact (preact/compat) in the browser, on the server and in the component
 * tests (docs/decisions/031-first-view.md, addendum 3).
 */
export const PREACT: Record<string, string> = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react-dom/server': 'preact/compat/server',
  'react-dom/test-utils': 'preact/test-utils',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
}
