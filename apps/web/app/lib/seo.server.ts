import {
  SITEMAP_MAX_URLS,
  SITEMAP_PAGE_MAX,
  SitemapPagesResponseSchema,
  SitemapResponseSchema,
  SitemapUrlsResponseSchema,
  type SitemapBrand,
} from '@busana/contract/schemas'
import type { ApiClient } from './api-client.ts'

/**
 * robots.txt and the sitemaps, served by the storefront's root (storefront-server.ts) from the
 * API's sitemap calls, mounted or remote alike (docs/decisions/029-search-engines.md).
 */

/** Cache-Control of robots.txt: it changes only with the deployment. */
export const ROBOTS_CACHE_CONTROL = 'public, max-age=86400'
/** Cache-Control of the sitemaps: crawlers come back rarely; a new product waits at most an hour. */
export const SITEMAP_CACHE_CONTROL = 'public, max-age=3600'
export const SITEMAP_CONTENT_TYPE = 'application/xml; charset=utf-8'

/** What crawlers must not walk: personal pages, the bag and checkout, the API, developer pages, staff. */
const DISALLOWED = ['/member', '/cart', '/checkout', '/api/', '/dev/', '/admin']

const origin = (publicUrl: string) => publicUrl.replace(/\/+$/, '')

/** robots.txt: the shop is open; `/checkout` also covers `/checkout-as-guest` (a path prefix). */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin(publicUrl)}/sitemap.xml`,
    '',
  ].join('\n')
}

export interface SitemapOptions {
  publicUrl: string
  /** This storefront's brand: its home page and its own listings come first. */
  brandId: number
  /** URLs per sitemap file (the protocol's 50,000); a test proves the split with a small one. */
  maxUrls?: number
  /** URLs per API call (the API's own cap). */
  pageSize?: number
}

/** One sitemap file: a brand's URLs from `start` (home first for this storefront's brand). */
interface SitemapFile {
  brand: number
  part: number
  start: number
  count: number
  lastmod: string | null
}

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  )

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'

/** The file of brand `brand`, part `part` (1-based): `/sitemaps/9-1.xml`. */
export const sitemapFilePath = (brand: number, part: number) => `/sitemaps/${brand}-${part}.xml`
const FILE_NAME = /^(\d{1,4})-(\d{1,6})\.xml$/

/**
 * The shop's sitemap for search engines: every listing and canonical product page of every brand,
 * under this shop's origin (the canonical host of docs/product/shopping.md §2), and its home page. Up to
 * `maxUrls` in all, /sitemap.xml is one `urlset`; past it, a `sitemapindex` of files of at most
 * `maxUrls` each, one series per brand (`/sitemaps/{brand}-{part}.xml`).
 */
export function createSitemaps(options: SitemapOptions) {
  const maxUrls = options.maxUrls ?? SITEMAP_MAX_URLS
  const pageSize = Math.min(options.pageSize ?? SITEMAP_PAGE_MAX, SITEMAP_PAGE_MAX)
  const shop = origin(options.publicUrl)
  const ownBrand = options.brandId

  /**
   * The first URLs of this storefront's brand: its home page, then the shell's pages (help,
   * stores, about, articles, content pages), as `<url>` entries.
   */
  async function shellEntries(api: ApiClient): Promise<string[]> {
    const answer = await api.request('/api/v1/pages/sitemap/pages', { schema: SitemapPagesResponseSchema })
    return [`<url><loc>${xmlEscape(`${shop}/`)}</loc></url>`, ...answer.data.map(entry)]
  }

  const entry = (url: { path: string; lastmod: string | null }) => {
    const lastmod = url.lastmod ? `<lastmod>${url.lastmod}</lastmod>` : ''
    return `<url><loc>${xmlEscape(shop + url.path)}</loc>${lastmod}</url>`
  }

  /** The brands, this storefront's first, and its shell pages. */
  async function brands(api: ApiClient): Promise<{ list: SitemapBrand[]; shell: string[] }> {
    const [answer, shell] = await Promise.all([
      api.request('/api/v1/pages/sitemap', { schema: SitemapResponseSchema }),
      shellEntries(api),
    ])
    // This storefront's brand first, then the others in the API's order.
    const list = [...answer.data].sort(
      (a, b) => Number(b.id_brand === ownBrand) - Number(a.id_brand === ownBrand),
    )
    return { list, shell }
  }

  function files({ list, shell }: { list: SitemapBrand[]; shell: string[] }): SitemapFile[] {
    const extra = (brand: number) => (brand === ownBrand ? shell.length : 0)
    return list.flatMap((brand) => {
      const total = brand.listings + brand.products + extra(brand.id_brand)
      return Array.from({ length: Math.ceil(total / maxUrls) }, (_, i) => ({
        brand: brand.id_brand,
        part: i + 1,
        start: i * maxUrls,
        count: Math.min(maxUrls, total - i * maxUrls),
        lastmod: brand.lastmod,
      }))
    })
  }

  /**
   * The `<url>` entries of one file: for this storefront's brand the shell's entries come first,
   * then the catalogue's, fetched from the API a window at a time.
   */
  async function urlEntries(api: ApiClient, file: SitemapFile, shell: string[]): Promise<string[]> {
    const head = file.brand === ownBrand ? shell : []
    const entries = head.slice(file.start, file.start + file.count)
    const end = file.start + file.count - head.length
    for (let offset = Math.max(0, file.start - head.length); offset < end; offset += pageSize) {
      const answer = await api.request('/api/v1/pages/sitemap/urls', {
        query: { id_brand: file.brand, offset, limit: Math.min(pageSize, end - offset) },
        schema: SitemapUrlsResponseSchema,
      })
      entries.push(...answer.data.map(entry))
      if (answer.data.length === 0) break
    }
    return entries
  }

  const urlset = (entries: string[]) =>
    `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`

  return {
    /** /sitemap.xml: every URL, or the index of the files when there are more than `maxUrls`. */
    async root(api: ApiClient): Promise<string> {
      const known = await brands(api)
      const all = files(known)
      const total = all.reduce((sum, file) => sum + file.count, 0)
      if (total <= maxUrls) {
        const entries = []
        for (const file of all) entries.push(...(await urlEntries(api, file, known.shell)))
        return urlset(entries)
      }
      const sitemaps = all.map((file) => {
        const lastmod = file.lastmod ? `<lastmod>${file.lastmod}</lastmod>` : ''
        return `<sitemap><loc>${xmlEscape(shop + sitemapFilePath(file.brand, file.part))}</loc>${lastmod}</sitemap>`
      })
      return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('\n')}\n</sitemapindex>\n`
    },

    /** One file of the index by its name (`9-1.xml`); null when there is no such file. */
    async file(api: ApiClient, name: string): Promise<string | null> {
      const match = FILE_NAME.exec(name)
      if (!match) return null
      const [brand, part] = [Number(match[1]), Number(match[2])]
      const known = await brands(api)
      const file = files(known).find((f) => f.brand === brand && f.part === part)
      return file ? urlset(await urlEntries(api, file, known.shell)) : null
    },
  }
}
