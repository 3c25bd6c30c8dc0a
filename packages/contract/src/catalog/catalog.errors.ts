import type { ErrorEntry } from '../errors.ts'

/**
 * The catalog module's codes (apps/api/src/domains/catalog). Part of the catalogue, errors.ts.
 */
export const catalogErrors = {
  // CAT: catalog
  CAT001: { status: 404, meaning: 'No product has this code', message: 'Product not found' },
  CAT002: { status: 404, meaning: 'No category has this name for this brand', message: 'Category not found' },

  // STF100-STF149: the staff catalogue (issue 14)
  STF100: {
    status: 404,
    meaning: 'Staff catalogue: no product with this code (drafts included)',
    message: 'Product not found',
  },
  STF101: {
    status: 409,
    meaning: 'Creating a product with a code another product already has (codes are case-insensitive)',
    message: 'A product with this code already exists',
  },
  STF102: {
    status: 404,
    meaning: 'Staff catalogue: no variant with this SKU on this product',
    message: 'Variant not found',
  },
  STF103: {
    status: 409,
    meaning: 'Adding a variant with a SKU another variant already has',
    message: 'A variant with this SKU already exists',
  },
  STF104: {
    status: 409,
    meaning:
      'Removing a variant that an open (unpaid or paid, not yet shipped) order or a shopper’s bag holds',
    message: 'This variant is in an open order or a shopping bag and cannot be removed',
  },
  STF105: {
    status: 422,
    meaning:
      'A bundle that breaks the rules: options must be other, non-bundle products; a bundle has exactly one variant (its own SKU)',
    message: 'This bundle is not valid',
  },
  STF106: {
    status: 422,
    meaning:
      'A related product, bundle option, slider product, category or parent menu named in the body does not exist (or belongs to another brand)',
    message: 'Something this change refers to does not exist',
  },
  STF107: {
    status: 415,
    meaning:
      'An upload whose bytes are not a JPEG, PNG, WebP or AVIF picture (whatever its name or declared type; SVG is refused)',
    message: 'The picture must be a JPEG, PNG, WebP or AVIF image',
  },
  STF108: {
    status: 413,
    meaning:
      'An upload over 10 MB, or whose header declares more than 40 megapixels (judged before decoding)',
    message: 'Each picture may be at most 10 MB and 40 megapixels',
  },
  STF109: {
    status: 409,
    meaning: 'A product already has 12 gallery items (pictures and videos)',
    message: 'This product already has the most pictures and videos it may hold',
  },
  STF110: {
    status: 404,
    meaning: 'No gallery item with this id on this product',
    message: 'Picture or video not found',
  },
  STF111: {
    status: 404,
    meaning: 'No category, menu entry, home slider or brand with this id',
    message: 'Not found',
  },
  STF112: {
    status: 409,
    meaning: 'A category name (its URL) the brand already uses',
    message: 'This brand already has a category with this name',
  },
  STF113: {
    status: 409,
    meaning:
      'Publishing a product without a variant (it could not be bought), forced or not; `errors` names everything missing (size, picture, stock)',
    message: 'Add at least one variant before publishing',
  },
  STF114: {
    status: 422,
    meaning: 'The media order does not name every gallery item of the product exactly once',
    message: 'Give every picture and video of the product, each once',
  },
  STF115: {
    status: 409,
    meaning:
      'Publishing, without force, a product with a size but no picture or no stock in any warehouse; `errors` names each (field picture or stock) and the message says them',
    message: 'This product is missing something shoppers need: publish it anyway?',
  },
  STF116: {
    status: 422,
    meaning:
      'A product CSV import (issue 43 part 7) with errors: `errors` names each by line and column (field `line <n>: <column>`); nothing was changed',
    message: 'The file has errors: nothing was changed',
  },
  STF117: {
    status: 413,
    meaning: 'A product CSV import file over 5 MB',
    message: 'The file may be at most 5 MB',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const catalogErrorsId: Record<keyof typeof catalogErrors, string> = {
  CAT001: 'Produk tidak ditemukan',
  CAT002: 'Kategori tidak ditemukan',
  STF100: 'Produk tidak ditemukan',
  STF101: 'Produk dengan kode ini sudah ada',
  STF102: 'Varian tidak ditemukan',
  STF103: 'Varian dengan SKU ini sudah ada',
  STF104: 'Varian ini ada di pesanan yang masih berjalan atau di tas belanja sehingga tidak dapat dihapus',
  STF105: 'Paket bundling ini tidak valid',
  STF106: 'Data yang dirujuk oleh perubahan ini tidak ditemukan',
  STF107: 'Gambar harus berupa JPEG, PNG, WebP, atau AVIF',
  STF108: 'Setiap gambar maksimal 10 MB dan 40 megapiksel',
  STF109: 'Produk ini sudah memiliki jumlah gambar dan video maksimal',
  STF110: 'Gambar atau video tidak ditemukan',
  STF111: 'Data tidak ditemukan',
  STF112: 'Brand ini sudah memiliki kategori dengan nama ini',
  STF113: 'Tambahkan setidaknya satu varian sebelum menerbitkan',
  STF114: 'Sertakan setiap gambar dan video produk, masing-masing sekali',
  STF115: 'Produk ini belum lengkap untuk pembeli: tetap terbitkan?',
  STF116: 'Berkas ini berisi kesalahan: tidak ada yang diubah',
  STF117: 'Berkas maksimal 5 MB',
}
