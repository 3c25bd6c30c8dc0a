/** Brand ids of the group: 9 is the main brand (docs/product/shopping.md §1). */
export const BRAND_IDS = [9, 5, 14, 18, 13, 17] as const
export type BrandId = (typeof BRAND_IDS)[number]
export const MAIN_BRAND_ID: BrandId = 9

/** The one valid junior section id (docs/product/shopping.md §9). */
export const CHILD_SECTION_ID = 'prepps-jr'

/** The header every API call carries (its name is ours: docs/product says only "a brand id header"). */
export const BRAND_HEADER = 'x-brand-id'

export const isBrandId = (value: unknown): value is BrandId =>
  typeof value === 'string' && /^\d+$/.test(value) && (BRAND_IDS as readonly number[]).includes(Number(value))
