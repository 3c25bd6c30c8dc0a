/**
 * The production server (the compiled `dist/storefront.js`, decision 044) under the bench's own
 * entry point. Its command line does not name the storefront's server, so a `pkill -f` stopping
 * another checkout's server on a shared machine does not stop the measured one mid-run (it did,
 * twice).
 */
const compiled = new URL('../../dist/storefront.js', import.meta.url).href
await import(compiled)
