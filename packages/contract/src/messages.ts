import { say, type Localized } from './language.ts'

/**
 * Shopper messages the API answers and the storefront shows (docs/product/account.md §8: a success shows
 * the server's message). One home for them, each in English and Indonesian (`Localized`): the API
 * answers the one the request's `Accept-Language` asks for (language.ts), the storefront's own
 * toasts pick the page's language. Where docs/product quotes a text it stays exactly so in the language
 * docs/product gives it in ('Succes Change Shipping Address' included); the other language is ours.
 */

/**
 * The product's bundle messages (docs/product/shopping.md §5 and 8). Docs/product gives them in Indonesian
 * only, as the bundle messages of every page, so both languages show the product's words (decision 027).
 */
const bundle = (text: string): Localized => say(text, text)
export const BUNDLE_MESSAGES = {
  under: (max: number) => bundle(`Pembelian belum mencapai ${max} pcs`),
  over: (max: number) => bundle(`Pembelian maksimal produk bundling ini adalah ${max} pcs`),
  sizeAtCap: (max: number) =>
    bundle(`Anda telah mencapai batas pembelian maksimal produk bundling ini (${max} pcs)`),
} as const

/** The bag calls' answers. */
export const CART_MESSAGES = {
  added: say('Product added to your bag', 'Produk berhasil ditambahkan ke tas belanja'),
  updated: say('Bag updated', 'Tas belanja diperbarui'),
  removed: say('Item removed from your bag', 'Produk dihapus dari tas belanja'),
  bundleAllowed: say(
    'This bundle can be added to your bag',
    'Paket bundling ini bisa ditambahkan ke tas belanja',
  ),
} as const

/** The wishlist toggle's fixed confirmations (docs/product/shopping.md §8: the English texts are the product's). */
export const WISHLIST_MESSAGES = {
  added: say('Added to My Wishlist', 'Ditambahkan ke Wishlist Saya'),
  removed: say('Remove from My Wishlist', 'Dihapus dari Wishlist Saya'),
} as const

/** The address calls' answers (docs/product/account.md §8). */
export const ADDRESS_MESSAGES = {
  added: say('Address saved successfully', 'Alamat berhasil disimpan'),
  updated: say('Address updated successfully', 'Alamat berhasil diperbarui'),
  deleted: say('Address deleted successfully', 'Alamat berhasil dihapus'),
  primary: say('Primary address updated successfully', 'Alamat utama berhasil diperbarui'),
} as const

/** The members calls' answers (docs/product/account.md §8). */
export const MEMBER_MESSAGES = {
  register: say(
    'Registration successful. Choose how to receive your verification code.',
    'Pendaftaran berhasil. Pilih cara menerima kode verifikasi Anda.',
  ),
  resend: say('A verification code has been sent.', 'Kode verifikasi telah dikirim.'),
  verified: say(
    'Your account has been verified. Happy Shopping!',
    'Akun Anda telah terverifikasi. Selamat berbelanja!',
  ),
  login: say('Login successful', 'Berhasil masuk'),
  guestCode: say(
    'We have sent a login code to your phone.',
    'Kami telah mengirim kode masuk ke ponsel Anda.',
  ),
  guest: say(
    'Phone number has been successfully validated, Happy Shopping!!',
    'Nomor ponsel berhasil divalidasi, Selamat berbelanja!!',
  ),
  forget: say(
    'If this email is registered, we have sent a temporary password to it.',
    'Jika email ini terdaftar, kami telah mengirimkan kata sandi sementara ke email tersebut.',
  ),
  password: say('Your password has been changed.', 'Kata sandi Anda telah diubah.'),
  profile: say('Your profile has been updated.', 'Profil Anda telah diperbarui.'),
  campaign: say('Saved', 'Tersimpan'),
  logout: say('You have been logged out.', 'Anda telah keluar.'),
} as const

/**
 * Checkout's fixed texts (docs/product/shopping.md §5 and 8), the English as docs/product spells them
 * ('Succes Change Shipping Address' included). The guest form shows them (its own translations in
 * app/locales say the same); the API names the same words in its 400s.
 */
export const CHECKOUT_MESSAGES = {
  contact: say('Please check your contact information', 'Silakan periksa informasi kontak Anda'),
  nameRequired: say('Please insert your name', 'Silakan masukkan nama Anda'),
  emailRequired: say('Please insert your email', 'Silakan masukkan email Anda'),
  emailInvalid: say('Email is not valid.', 'Email tidak valid.'),
  emailCheck: say(
    'Invalid email. Please check your email correctly.',
    'Email tidak valid. Silakan periksa kembali email Anda.',
  ),
  shippingRequired: say(
    'Please filled and saved your shipping information',
    'Silakan isi dan simpan informasi pengiriman Anda',
  ),
  addressTooShort: say(
    'The address cannot be less than 30 characters, please fill the address with details such as street name or house/block number',
    'Alamat tidak boleh kurang dari 30 karakter, silakan lengkapi alamat dengan nama jalan atau nomor rumah/blok',
  ),
  deliveryRequired: say("You haven't selected a delivery method.", 'Anda belum memilih metode pengiriman.'),
  paymentRequired: say('Please choose a payment method', 'Silakan pilih metode pembayaran'),
  addressChanged: say('Succes Change Shipping Address', 'Alamat pengiriman berhasil diubah'),
  placed: say('Your order has been placed', 'Pesanan Anda berhasil dibuat'),
} as const

/** The promo call's answers (docs/product/shopping.md §8: a success shows the server's message). */
export const PROMO_MESSAGES = {
  applied: (voucherName: string) =>
    say(`Voucher ${voucherName} applied`, `Voucher ${voucherName} berhasil digunakan`),
  /** PRM004 with the minimum named, e.g. 'Minimum purchase for this voucher is Rp 300.000'. */
  belowMinimum: (minimumText: string) =>
    say(
      `Minimum purchase for this voucher is ${minimumText}`,
      `Minimal pembelian untuk voucher ini adalah ${minimumText}`,
    ),
  /** PRM008 with the minimum named: on the lines the voucher applies to. */
  belowMinimumOnQualifying: (minimumText: string) =>
    say(
      `Minimum purchase of the products this voucher applies to is ${minimumText}`,
      `Minimal pembelian produk yang berlaku untuk voucher ini adalah ${minimumText}`,
    ),
  /** PRM010 with the limit named. */
  perCustomerLimit: (limit: number) =>
    say(
      `You have used this voucher ${limit} times, the most allowed per customer`,
      `Anda sudah menggunakan voucher ini ${limit} kali, batas maksimal per pelanggan`,
    ),
} as const

/** ADR002's field-naming messages: the region of an address or a guest destination does not match. */
export const REGION_MESSAGES = {
  unknownDistrict: say(
    "Invalid body field 'destination_code': unknown district",
    "Kolom 'destination_code' tidak valid: kecamatan tidak dikenal",
  ),
  unknownVillage: say(
    "Invalid body field 'id_address_village': unknown sub-district",
    "Kolom 'id_address_village' tidak valid: kelurahan tidak dikenal",
  ),
  villageNotInDistrict: say(
    "Invalid body field 'id_address_village': the sub-district is not in the district given as destination_code",
    "Kolom 'id_address_village' tidak valid: kelurahan tidak berada di kecamatan destination_code",
  ),
  postalNotOfDistrict: say(
    "Invalid body field 'kode_pos': not a postal code of this district",
    "Kolom 'kode_pos' tidak valid: bukan kode pos kecamatan ini",
  ),
  postalNotOfVillage: say(
    "Invalid body field 'kode_pos': not the postal code of the sub-district",
    "Kolom 'kode_pos' tidak valid: bukan kode pos kelurahan ini",
  ),
  postalIs: (zipCode: string) =>
    say(
      `Invalid body field 'kode_pos': the sub-district's postal code is ${zipCode}`,
      `Kolom 'kode_pos' tidak valid: kode pos kelurahan ini adalah ${zipCode}`,
    ),
} as const

/** CLE016's answers when a session calls the other kind of checkout. */
export const SESSION_KIND_MESSAGES = {
  guestsUseGuest: (path: string) =>
    say(`Guests check out as guest: POST ${path}`, `Tamu melakukan checkout sebagai tamu: POST ${path}`),
  membersUseMember: (path: string) =>
    say(
      `Guest checkout needs a guest session from the phone code; members use POST ${path}`,
      `Checkout tamu memerlukan sesi tamu dari kode ponsel; member menggunakan POST ${path}`,
    ),
} as const

/** ORD002 naming both statuses (they are the order's status values, the same in both languages). */
export const ORDER_MESSAGES = {
  cannotBecome: (from: string, to: string) =>
    say(
      `An order in status ${from} cannot become ${to}`,
      `Pesanan berstatus ${from} tidak dapat menjadi ${to}`,
    ),
} as const

/** The staff API's answers (the back office). */
export const STAFF_MESSAGES = {
  signedIn: say('Signed in', 'Berhasil masuk'),
  shipped: say('Order shipped', 'Pesanan dikirim'),
  delivered: say('Order delivered', 'Pesanan diterima'),
  cancelled: say('Order cancelled', 'Pesanan dibatalkan'),
  refunded: say('Refund recorded as paid', 'Pengembalian dana dicatat sudah dibayar'),
  signedOut: say('Signed out', 'Berhasil keluar'),
  invited: say('Invitation created', 'Undangan dibuat'),
  inviteAccepted: say('Password set, you can sign in', 'Kata sandi disimpan, silakan masuk'),
  staffUpdated: say('Staff member updated', 'Data staf diperbarui'),
  totpSetup: say(
    'Scan the code in your authenticator app, then confirm with a code',
    'Pindai kode di aplikasi autentikator Anda, lalu konfirmasi dengan sebuah kode',
  ),
  totpEnabled: say('Second factor on', 'Faktor kedua aktif'),
  totpDisabled: say('Second factor off', 'Faktor kedua nonaktif'),
  totpReset: say('Second factor cleared', 'Faktor kedua dihapus'),
  inviteResent: say('New invitation created', 'Undangan baru dibuat'),
  passwordReset: say('Password reset: hand over the new link', 'Kata sandi direset: berikan tautan baru'),
  signedOutEverywhere: say('Signed out everywhere', 'Keluar dari semua perangkat'),
  passwordChanged: say('Password changed', 'Kata sandi diubah'),
} as const

/** The review calls' answers (docs/product/account.md §2 (Reviews), issue 13). */
export const REVIEW_MESSAGES = {
  submitted: say('Thank you for your review', 'Terima kasih atas ulasan Anda'),
} as const

/** Returns and exchanges (issue 40): the envelope's words, and why an order cannot be returned. */
export const RETURN_MESSAGES = {
  requested: say('Your return request has been sent', 'Pengajuan pengembalian Anda telah dikirim'),
  cancelled: say('Your return request has been cancelled', 'Pengajuan pengembalian Anda telah dibatalkan'),
  waybill: say('The waybill of your parcel has been saved', 'Nomor resi paket Anda telah disimpan'),
  approved: say('The return has been approved', 'Pengembalian telah disetujui'),
  rejected: say('The return has been rejected', 'Pengembalian telah ditolak'),
  received: say('The return has been received', 'Pengembalian telah diterima'),
  refunded: say('The refund has been recorded', 'Pengembalian dana telah dicatat'),
  shipped: say('The new size has been shipped', 'Ukuran baru telah dikirim'),
  settings: say('The return rules have been saved', 'Aturan pengembalian telah disimpan'),
  notDelivered: say(
    'This order can be returned once it has been delivered',
    'Pesanan ini dapat dikembalikan setelah diterima',
  ),
  windowOver: (until: string) =>
    say(`Returns for this order closed on ${until}`, `Batas pengembalian pesanan ini berakhir ${until}`),
  nothingLeft: say(
    'Every piece of this order has been returned or cannot be returned',
    'Semua barang pesanan ini sudah dikembalikan atau tidak dapat dikembalikan',
  ),
}
