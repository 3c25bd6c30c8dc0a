import type { CategoryGroup, ProductCard } from '@busana/contract'

/** A card with sensible defaults for tests. */
export function cardFixture(overrides: Partial<ProductCard> = {}): ProductCard {
  const code = overrides.product_code ?? 'BSN-001'
  return {
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
}

/** A plain listing group of `count` cards numbered from `from`. */
export function groupFixture(
  from: number,
  count: number,
  overrides: Partial<CategoryGroup> = {},
): CategoryGroup {
  return {
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
}
