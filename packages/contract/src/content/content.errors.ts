import type { ErrorEntry } from '../errors.ts'

/**
 * The content module's codes (apps/api/src/domains/content). Part of the catalogue, errors.ts.
 */
export const contentErrors = {
  // CNT: help, articles, content pages (decision 033)
  CNT001: {
    status: 404,
    meaning: 'No FAQ category has this category_code',
    message: 'Help category not found',
  },
  CNT002: {
    status: 404,
    meaning: 'No FAQ question has this slug (in the given category)',
    message: 'Question not found',
  },
  CNT003: { status: 404, meaning: 'No article has this slug', message: 'Article not found' },
  CNT004: { status: 404, meaning: 'No content page has this id', message: 'Page not found' },

  // STF200-STF249: the back office's content, shipping-rate and member calls, and staff accounts;
  // here the content calls
  STF200: {
    status: 409,
    meaning: 'Content create: a FAQ category, question, article or page with this code, slug or id exists',
    message: 'This code is already used. Choose another one.',
  },
  STF201: {
    status: 409,
    meaning: 'Deleting a FAQ category that still holds questions (move or delete them first)',
    message: 'This category still has questions. Move or delete them first.',
  },
  STF202: {
    status: 422,
    meaning:
      'A store map that is not an https embed of Google Maps or OpenStreetMap (decision 033: MAP_ENDPOINTS)',
    message: 'The map must be the embed code or link of Google Maps or OpenStreetMap',
  },
  STF203: { status: 404, meaning: 'No store with this id', message: 'Store not found' },
  STF204: {
    status: 422,
    meaning: 'The brand of a store is not in the brands table (not seeded)',
    message: 'This brand is not available',
  },
  STF205: {
    status: 409,
    meaning:
      "The about page ('about') cannot be deleted or created as a content page; edit it at …/content/about",
    message: 'The about page cannot be deleted. Edit its text instead.',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const contentErrorsId: Record<keyof typeof contentErrors, string> = {
  CNT001: 'Kategori bantuan tidak ditemukan',
  CNT002: 'Pertanyaan tidak ditemukan',
  CNT003: 'Artikel tidak ditemukan',
  CNT004: 'Halaman tidak ditemukan',
  STF200: 'Kode ini sudah dipakai. Pilih kode lain.',
  STF201: 'Kategori ini masih memiliki pertanyaan. Pindahkan atau hapus terlebih dahulu.',
  STF202: 'Peta harus berupa kode sematan atau tautan Google Maps atau OpenStreetMap',
  STF203: 'Toko tidak ditemukan',
  STF204: 'Merek ini tidak tersedia',
  STF205: 'Halaman tentang kami tidak dapat dihapus. Ubah teksnya saja.',
}
