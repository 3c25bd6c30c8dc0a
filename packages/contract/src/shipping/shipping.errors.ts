import type { ErrorEntry } from '../errors.ts'

/**
 * The shipping module's codes (apps/api/src/domains/shipping). Part of the catalogue, errors.ts.
 */
export const shippingErrors = {
  // DVY / SON: delivery (cart_new / cart_guest)
  DVY001: {
    status: 422,
    meaning:
      'No courier service delivers to the shipping address (cart_new / cart_guest): the client goes to /member/address',
    message: 'No courier delivers to this address yet. Please choose another shipping address.',
  },
  SON006: {
    status: 422,
    meaning: 'The address must be completed before checkout: the client goes to /member/address',
    message: 'Please complete your shipping address before checkout',
  },

  // SHP: shipping rates
  SHP001: {
    status: 503,
    meaning:
      'The shipping rate provider failed or timed out: no fare is known, none is made up; the client may retry',
    message: 'We could not get the shipping rates right now. Please try again in a moment.',
  },

  // STF200-STF249: the back office's content, shipping-rate and member calls, and staff accounts;
  // here the shipping-rate calls
  STF210: { status: 404, meaning: 'No shipping zone with this id', message: 'Shipping zone not found' },
  STF211: {
    status: 404,
    meaning: 'No courier service with this id',
    message: 'Courier service not found',
  },
  STF212: {
    status: 404,
    meaning: 'Removing a rate that does not exist (the service does not serve the zone already)',
    message: 'This service has no rate for this zone',
  },
  STF213: {
    status: 409,
    meaning:
      'Adding an area that is already in a zone (remove it from that zone first); details name the zone',
    message: 'This area is already in another zone. Remove it there first.',
  },
  STF214: {
    status: 404,
    meaning: 'Removing an area that is not in this zone',
    message: 'This area is not in this zone',
  },
  STF215: {
    status: 422,
    meaning: 'The area id is neither a province nor a city of the loaded regions',
    message: 'No province or city has this id',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const shippingErrorsId: Record<keyof typeof shippingErrors, string> = {
  DVY001: 'Belum ada kurir yang mengirim ke alamat ini. Silakan pilih alamat pengiriman lain.',
  SON006: 'Silakan lengkapi alamat pengiriman Anda sebelum checkout',
  SHP001: 'Kami tidak dapat mengambil ongkos kirim saat ini. Silakan coba lagi sebentar lagi.',
  STF210: 'Zona pengiriman tidak ditemukan',
  STF211: 'Layanan kurir tidak ditemukan',
  STF212: 'Layanan ini tidak memiliki tarif untuk zona ini',
  STF213: 'Wilayah ini sudah berada di zona lain. Hapus dari zona itu terlebih dahulu.',
  STF214: 'Wilayah ini tidak berada di zona ini',
  STF215: 'Tidak ada provinsi atau kota dengan id ini',
}
