/**
 * Sitemaps (docs/decisions/029-search-engines.md). The protocol allows 50,000 URLs (and 50 MB) per
 * sitemap file; past that the storefront serves a sitemap index of several files.
 */
export const SITEMAP_MAX_URLS = 50_000

/** The longest window one GET /api/v1/pages/sitemap/urls answers; a sitemap file takes several. */
export const SITEMAP_PAGE_MAX = 5_000
