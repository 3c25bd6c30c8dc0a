/**
 * The API's one entry for the other packages (issue 42): the storefront's server reaches the API
 * through `@busana/api` alone. What it needs without the API (the framework's error answers in
 * the API's envelope, hearing of changes) is light and exported here; the API itself (its
 * modules, database and jobs) is loaded by `loadApi()` only when the storefront mounts it, so a
 * storefront with its own API_URL loads no part of it that opens a database.
 */
export { apiFrameworkErrors, apiNotFound } from './http.ts'
export { listenForChangesAt, type ChangeTopic } from './cache-invalidation.ts'

/** The API itself: `apiPlugin`, `buildApi`, `loadApiConfig`, `startApiRuntime` and their types. */
export const loadApi = () => import('./app.ts')
