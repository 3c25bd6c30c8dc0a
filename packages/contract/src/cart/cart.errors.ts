import type { ErrorEntry } from '../errors.ts'

/**
 * The cart module's codes (apps/api/src/domains/cart): the bag and bundles, and the bag lines a
 * checkout names. orders (checkout) and inventory raise CRT002 and CHK001 too. Part of the catalogue,
 * errors.ts.
 */
export const cartErrors = {
  // CRT / BND: the bag and bundles
  CRT001: {
    status: 404,
    meaning: "No bag line with this id belongs to the customer (another customer's line answers the same)",
    message: 'Item not found in your bag',
  },
  CRT002: {
    status: 422,
    meaning:
      'The bag would ask for more units of a variant than are in stock (lines and bundle parts summed)',
    message: 'Not enough stock for this item',
  },
  CRT003: {
    status: 422,
    meaning: 'The product or variant cannot be bought now: sold out or COMING-SOON',
    message: 'This product is not available to order',
  },
  CRT004: {
    status: 404,
    meaning:
      'The product is unknown, or no variant with this sku belongs to it (bundle parts: an unknown sku)',
    message: 'Product variant not found',
  },
  CRT005: {
    status: 422,
    meaning: 'The bag already holds MAX_CART_LINES lines, or a line would exceed MAX_LINE_QTY',
    message: 'Your bag is full',
  },
  BND001: {
    status: 422,
    meaning: 'The bundle holds fewer pieces than max_bundling (message: Pembelian belum mencapai {max} pcs)',
    message: 'Pembelian belum mencapai jumlah bundling',
  },
  BND002: {
    status: 422,
    meaning:
      'The bundle holds more pieces than max_bundling (message: Pembelian maksimal produk bundling ini adalah {max} pcs)',
    message: 'Pembelian maksimal produk bundling ini terlampaui',
  },
  BND003: {
    status: 422,
    meaning: 'A bundle component is not one of the bundle options, or its quantity breaks limit_qty_bundling',
    message: 'This product cannot be part of this bundle',
  },
  BND004: {
    status: 422,
    meaning:
      'The product is not a bundle (bundle value sent for a plain product, or a plain sku for a bundle)',
    message: 'This product is not a bundle',
  },

  // CHK: a checkout's lines against the bag
  CHK001: {
    status: 409,
    meaning:
      "A ticked line's product, sku or qty differs from the bag line it names: the bag changed since the page loaded (the message names the field)",
    message: 'Your bag has changed. Please review it and try again.',
  },
} as const satisfies Record<string, ErrorEntry>

/**
 * Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. BND001/BND002 are
 * the product's Indonesian words, as in English.
 */
export const cartErrorsId: Record<keyof typeof cartErrors, string> = {
  CRT001: 'Produk tidak ditemukan di tas belanja Anda',
  CRT002: 'Stok produk ini tidak mencukupi',
  CRT003: 'Produk ini tidak dapat dipesan',
  CRT004: 'Varian produk tidak ditemukan',
  CRT005: 'Tas belanja Anda sudah penuh',
  BND001: 'Pembelian belum mencapai jumlah bundling',
  BND002: 'Pembelian maksimal produk bundling ini terlampaui',
  BND003: 'Produk ini tidak dapat menjadi bagian dari paket bundling ini',
  BND004: 'Produk ini bukan produk bundling',
  CHK001: 'Tas belanja Anda telah berubah. Silakan periksa kembali dan coba lagi.',
}
