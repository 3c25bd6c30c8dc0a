import type { Product, ProductCard, Variant } from '@busana/contract'
import { contractData } from '~/test/contract-answer.ts'

/** A variant of option `code` for component tests. */
export function sizeOf(
  code: string,
  ukuran: string,
  status_variant: Variant['status_variant'] = 'available',
): Variant {
  return { sku_product: `${code}-${ukuran}`, ukuran, selling_price: 129_000, status_variant }
}

/** A product a bundle slot offers. */
export function option(
  code: string,
  name: string,
  sizes: (string | Variant)[],
  overrides: Partial<ProductCard> = {},
): ProductCard {
  const variant = sizes.map((s) => (typeof s === 'string' ? sizeOf(code, s) : s))
  return {
    product_code: code,
    product_name: name,
    id_brand: 9,
    url_image: `/media/p/${code.toLowerCase()}.svg`,
    url_images: [],
    status: 'available',
    product_lable: '',
    category_menu: 'Tops',
    start_price: 0,
    end_price: 0,
    selling_price: 129_000,
    harga_coret: '0',
    sold_qty: 0,
    is_bundling: false,
    countdown: false,
    end_at: null,
    thumbnail: '',
    variant,
    is_wishlist: false,
    ...overrides,
  }
}

export const tee = option('TEE-1', 'Basic Tee White', ['S', 'M', 'L'])
export const teeBlack = option('TEE-2', 'Basic Tee Black', ['S', 'M', sizeOf('TEE-2', 'L', 'sold')])
export const cap = option('CAP-1', 'Bucket Hat Cream', ['ALL SIZE'])
export const soldTee = option('TEE-9', 'Striped Tee', ['S'], { status: 'sold' })
export const soonTee = option('TEE-8', 'Boxy Tee', ['S'], { product_lable: 'COMING-SOON' })

/**
 * A bundle product (GET /api/v1/pages/product) of three slots, max 3, no quantity limit; checked
 * against the contract's answer of that call.
 */
export function makeBundle(overrides: Partial<Product> = {}): Product {
  const product: Product = {
    product_code: 'PKT-1',
    product_name: 'Basic Tee Bundle of 3',
    id_brand: 9,
    url_image: '/media/p/pkt-1.svg',
    url_images: [],
    status: 'available',
    product_lable: '',
    category_menu: 'Bundle',
    start_price: 0,
    end_price: 0,
    selling_price: 349_000,
    harga_coret: '387000',
    sold_qty: 0,
    is_bundling: true,
    countdown: false,
    end_at: null,
    thumbnail: '',
    variant: [
      { sku_product: 'PKT-1-SET', ukuran: 'ALL SIZE', selling_price: 349_000, status_variant: 'available' },
    ],
    is_wishlist: false,
    brand_name: 'Busana',
    canonical_product_code: null,
    canonical_product_master_name: null,
    description: '',
    description_without_tags: '',
    colour_family: null,
    final_sale: false,
    url_media: [],
    related_product: [],
    judul_related: '',
    slide_option: '',
    max_bundling: 3,
    limit_qty_bundling: 0,
    bundling_option_1: [tee, teeBlack, soldTee, soonTee],
    bundling_option_2: [tee, cap],
    bundling_option_3: [cap],
    bundling_option_4: [],
    bundling_option_5: [],
    ...overrides,
  }
  return contractData('GET /api/v1/pages/product', { data: product }).data as Product
}
