import { paymentLogoUrl, socialIconUrl } from '../../domains/media/index.ts'
import { BRANDS, MAIN_WHATSAPP, PAYMENT_METHODS, type BrandSpec } from './catalog-data.ts'
import { CatalogBuilder, type CatalogRows } from './catalog-rows.ts'
import { addKainaCarousel, buildPreppsHome, buildPreppsJr } from './prepps-home.ts'
import {
  MAIN_BRAND_ID,
  assignStates,
  bestSellers,
  draftsFor,
  rankByNewness,
  type Draft,
  type Listings,
  type Quotas,
} from './product-drafts.ts'
import { addProduct, addRelatedProducts } from './product-rows.ts'
import { Random } from './random.ts'
import { buildSisterHome } from './sister-home.ts'

export type { CatalogRows } from './catalog-rows.ts'

/** How many products of a brand get each display state: the main brand shows every state often. */
const MAIN_QUOTAS: Quotas = { soon: 5, sold: 6, preorder: 5, sale: 14, range: 6, partial: 10, flash: 3 }
const SISTER_QUOTAS: Quotas = { soon: 1, sold: 1, preorder: 0, sale: 3, range: 1, partial: 2, flash: 0 }

/**
 * Builds the whole demo catalog as rows. Pure apart from `now`, which only sets end_at of
 * countdowns (always in the future at seeding time).
 *
 * Each draft and listing draws from its own seeded stream; the order below decides row order and
 * ids: brands in BRANDS order (each with its home, settings and social links), then the main home's
 * Kaina carousel, related products, products, payment methods. Keep it, and the seed stays the same.
 */
export function buildCatalog(now: Date): CatalogRows {
  const shop = new CatalogBuilder()
  const all: Draft[] = []
  // Related products stay within a brand's section: `${brand id}/adult` or `9/child` (Prepps Jr).
  const sections = new Map<string, Draft[]>()
  for (const brand of BRANDS) {
    shop.rows.brands.push({ id: brand.id, name: brand.name, slug: brand.slug, tagline: brand.tagline })
    const listings = brandListings(brand, now)
    sections.set(`${brand.id}/adult`, listings.drafts)
    all.push(...listings.drafts)
    if (brand.id === MAIN_BRAND_ID) {
      all.push(...buildPreppsHome(shop, brand, listings))
      const jr = buildPreppsJr(shop, brand, now)
      sections.set(`${MAIN_BRAND_ID}/child`, jr)
      all.push(...jr)
    } else {
      buildSisterHome(shop, brand, listings)
    }
    addSiteSettings(shop, brand)
    addSocialLinks(shop, brand)
  }
  // BRANDS[0] is the main brand; its carousels come first, this one last.
  addKainaCarousel(shop, BRANDS[0]!, sections.get('5/adult')!)
  addRelatedProducts(shop.rows, sections.values())
  for (const d of all) addProduct(shop, d)
  addPaymentMethods(shop)
  return shop.rows
}

/** A brand's garments with their display states, newest first and best sellers first. */
function brandListings(brand: BrandSpec, now: Date): Listings {
  const drafts = draftsFor(brand, brand.lines, false, brand.prefix, 1001)
  const quotas = brand.id === MAIN_BRAND_ID ? MAIN_QUOTAS : SISTER_QUOTAS
  assignStates(drafts, quotas, new Random(`${brand.slug}/states`), now)
  const newest = rankByNewness(drafts, `${brand.slug}/new`)
  const best = bestSellers(drafts)
  return { drafts, newest, best, sale: drafts.filter((d) => d.states.has('sale')) }
}

/** Footer colour, WhatsApp (main brand only) and the sidebar links of a brand. */
function addSiteSettings(shop: CatalogBuilder, brand: BrandSpec): void {
  const main = brand.id === MAIN_BRAND_ID
  shop.rows.settings.push({
    idBrand: brand.id,
    backgroundColor: brand.footer,
    whatsapp: main ? MAIN_WHATSAPP : '',
    sidebar: [
      { name: 'New Drop', link: `/shop/${brand.id}/category/new-drop` },
      { name: 'Best Seller', link: `/shop/${brand.id}/category/best-seller` },
      { name: 'Sale', link: `/shop/${brand.id}/category/sale` },
      ...(main ? [{ name: 'Prepps Jr', link: '/prepps-jr' }] : []),
      { name: 'Our Store', link: '/our-store' },
      { name: 'Article', link: '/article' },
      { name: 'Track Order', link: '/tracking' },
      { name: 'Help', link: '/help/faq' },
    ],
  })
}

/** The brand's Instagram handle on each network (without dots where the network forbids them). */
function addSocialLinks(shop: CatalogBuilder, brand: BrandSpec): void {
  const handle = brand.instagram
  const socials: [string, string, 'instagram' | 'tiktok' | 'facebook' | 'youtube'][] = [
    ['Instagram', `https://www.instagram.com/${handle}/`, 'instagram'],
    ['TikTok', `https://www.tiktok.com/@${handle.replace(/\./g, '')}`, 'tiktok'],
    ['Facebook', `https://www.facebook.com/${handle.replace(/\./g, '')}`, 'facebook'],
    ['YouTube', `https://www.youtube.com/@${handle.replace(/\./g, '')}`, 'youtube'],
  ]
  socials.forEach(([name, link, icon], position) =>
    shop.addSocial(brand.id, name, link, socialIconUrl(icon), position),
  )
}

/** The payment methods every brand shares, in the order the checkout lists them. */
function addPaymentMethods(shop: CatalogBuilder): void {
  PAYMENT_METHODS.forEach(
    ([name, logo, code, category, feeFlat, feePercentBp, expiryMinutes, deskripsi], i) =>
      shop.rows.payments.push({
        id: i + 1,
        code,
        name,
        logo: paymentLogoUrl(logo),
        category,
        deskripsi,
        feeFlat,
        feePercentBp,
        expiryMinutes,
        position: i,
      }),
  )
}
