import type { CategoryGroup, ListingFacets, ProductCard } from '@busana/contract'
import { contractData } from '~/test/contract-answer.ts'

/** A card with sensible defaults for tests, checked as the card calls (here product_suggestion) answer it. */
export function cardFixture(overrides: Partial<ProductCard> = {}): ProductCard {
  const code = overrides.product_code ?? 'BSN-001'
  const card: ProductCard = {
    product_code: code,
    product_name: `Linen Shirt ${code}`,
    id_brand: 9,
    url_image: `/media/v1/${code}.jpg`,
    url_images: [],
    status: 'available',
    product_lable: '',
    category_menu: '',
    start_price: 0,
    end_price: 0,
    selling_price: 250000,
    harga_coret: '0',
    sold_qty: 0,
    is_bundling: false,
    countdown: false,
    end_at: null,
    thumbnail: '',
    variant: [
      { sku_product: `${code}-S`, ukuran: 'S', selling_price: 250000, status_variant: 'available' },
      { sku_product: `${code}-M`, ukuran: 'M', selling_price: 250000, status_variant: 'sold' },
    ],
    is_wishlist: false,
    ...overrides,
  }
  return contractData('GET /api/v1/pages/product_suggestion', [card])[0] as ProductCard
}

/** A plain listing group of `count` cards numbered from `from`, checked as pages/category answers it. */
export function groupFixture(
  from: number,
  count: number,
  overrides: Partial<CategoryGroup> = {},
): CategoryGroup {
  const group: CategoryGroup = {
    name: '',
    title: 'Tops',
    img1: '',
    img2: '',
    img3: '',
    item: Array.from({ length: count }, (_, i) =>
      cardFixture({ product_code: `P${String(from + i).padStart(3, '0')}` }),
    ),
    ...overrides,
  }
  return contractData('GET /api/v1/pages/category', [group], {
    total_pages: 1,
    facets: facetsFixture(),
  })[0] as CategoryGroup
}

/** A listing's facets (issue 39): 24 products in S, M and L (none in L now), two colours, 4 on sale. */
export function facetsFixture(overrides: Partial<ListingFacets> = {}): ListingFacets {
  return {
    total: 24,
    size: [
      { value: 'S', count: 10 },
      { value: 'M', count: 12 },
      { value: 'L', count: 0 },
    ],
    colour: [
      { value: 'black', count: 5 },
      { value: 'blue', count: 3 },
    ],
    price: { min: 59_000, max: 899_000 },
    on_sale: 4,
    ...overrides,
  }
}
