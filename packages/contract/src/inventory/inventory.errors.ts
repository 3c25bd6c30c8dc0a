import type { ErrorEntry } from '../errors.ts'

/**
 * The inventory module's codes (apps/api/src/domains/inventory). Part of the catalogue, errors.ts.
 */
export const inventoryErrors = {
  // STF150-STF199: stock, orders and vouchers of the back office; these are the stock
  STF150: { status: 404, meaning: 'No warehouse has this id', message: 'Warehouse not found' },
  STF151: { status: 404, meaning: 'No variant has this sku', message: 'SKU not found' },
  STF152: {
    status: 409,
    meaning: 'A stock change would leave on_hand below the units open orders hold (or below 0)',
    message: 'This would leave less stock than open orders hold',
  },
  STF153: {
    status: 400,
    meaning: 'A stock CSV import has bad rows (errors[] names each line); nothing was changed',
    message: 'The CSV has errors; nothing was imported',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const inventoryErrorsId: Record<keyof typeof inventoryErrors, string> = {
  STF150: 'Gudang tidak ditemukan',
  STF151: 'SKU tidak ditemukan',
  STF152: 'Perubahan ini membuat stok lebih sedikit daripada yang ditahan pesanan terbuka',
  STF153: 'CSV berisi kesalahan; tidak ada yang diimpor',
}
