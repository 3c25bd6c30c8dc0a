/** The cookie the language detector caches the choice in; the server reads it too (root loader, page cache). */
export { LANGUAGE_COOKIE } from '@busana/contract'
