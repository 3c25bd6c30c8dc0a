/**
 * A sister brand's shop (Kaina, Rimba, Senja Denim, Langkah, Kalem): ten-piece listings, one
 * category per garment group it sells, a sale, and two home carousels from its first two lines.
 */
import { bannerUrl } from '../art/index.ts'
import type { BrandSpec } from './catalog-data.ts'
import type { CatalogBuilder } from './catalog-rows.ts'
import { GROUP_TITLES, group, type Listings } from './product-drafts.ts'

/** Builds a sister brand's categories, menus and carousels from its listings. */
export function buildSisterHome(shop: CatalogBuilder, brand: BrandSpec, listings: Listings): void {
  const section = { brand, isChild: false }
  const { drafts, newest, best, sale } = listings
  const groups = [...new Set(drafts.map((d) => group(d.kind)))]
  shop.addCategory(section, 'new-drop', 'New Drop', newest.slice(0, 10))
  shop.addCategory(section, 'best-seller', 'Best Seller', best.slice(0, 10))
  for (const g of groups) {
    const members = drafts.filter((d) => group(d.kind) === g)
    shop.addCategory(section, g, GROUP_TITLES[g], members, {
      colour: members[0]!.colour,
      kind: members[0]!.kind,
    })
  }
  shop.addCategory(section, 'sale', 'Sale', sale)
  shop.addMenu(section, 'New Drop', 'new-drop', [['Best Seller', 'best-seller']])
  shop.addMenu(
    section,
    'Shop',
    '',
    groups.map((g) => [GROUP_TITLES[g], g] as [string, string]),
  )
  shop.addMenu(section, 'Sale', 'sale')
  const [lead, second] = [brand.lines[0]!, brand.lines[1]!]
  shop.addSlider(
    section,
    brand.id,
    'new-drop',
    'New Drop',
    [
      bannerUrl(1, lead.colours[0]!, lead.kind, `${brand.name} New Drop`),
      bannerUrl(2, lead.colours[1] ?? lead.colours[0]!, lead.kind, 'New Drop'),
    ],
    newest,
  )
  shop.addSlider(
    section,
    brand.id,
    'best-seller',
    'Best Seller',
    [bannerUrl(3, second.colours[0]!, second.kind, 'Best Seller')],
    best,
  )
}
