import type { Product, Variant } from '@busana/contract'
import { contractData } from '~/test/contract-answer.ts'

/** A product as GET /api/v1/pages/product answers it, for component tests (checked against the contract). */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const product: Product = {
    product_code: 'BSN-001',
    product_name: 'Linen Shirt Dress',
    id_brand: 9,
    url_image: '/media/p/bsn-001-1.svg',
    url_images: ['/media/p/bsn-001-1.svg'],
    status: 'available',
    product_lable: '',
    category_menu: 'Dresses',
    start_price: 0,
    end_price: 0,
    selling_price: 399_000,
    harga_coret: '0',
    sold_qty: 0,
    is_bundling: false,
    countdown: false,
    end_at: null,
    thumbnail: '',
    variant: [variant('S'), variant('M'), variant('L')],
    is_wishlist: false,
    brand_name: 'Busana',
    canonical_product_code: null,
    canonical_product_master_name: null,
    description: '<p>Relaxed linen.</p>',
    description_without_tags: 'Relaxed linen.',
    colour_family: null,
    final_sale: false,
    url_media: [{ type: 'image', url: '/media/p/bsn-001-1.svg', src: '/media/p/bsn-001-1.svg' }],
    related_product: [],
    judul_related: 'You may also like',
    slide_option: '',
    max_bundling: 0,
    limit_qty_bundling: 0,
    bundling_option_1: [],
    bundling_option_2: [],
    bundling_option_3: [],
    bundling_option_4: [],
    bundling_option_5: [],
    ...overrides,
  }
  return contractData('GET /api/v1/pages/product', { data: product }).data as Product
}

export function variant(ukuran: string, status_variant: Variant['status_variant'] = 'available'): Variant {
  return { sku_product: `BSN-001-${ukuran}`, ukuran, selling_price: 399_000, status_variant }
}
