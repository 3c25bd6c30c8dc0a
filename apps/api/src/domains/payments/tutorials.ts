/**
 * How to Pay (docs/product/shopping.md §3, the order detail's tutorial_payment: judul, deskripsi): the steps
 * per bank and channel (ATM, mobile banking, internet banking) for virtual accounts and Mandiri bill
 * payment, the app steps for GoPay, ShopeePay and QRIS, in English and Indonesian. `{rekening}`,
 * `{biller}` and `{total}` are replaced by the order's number, biller code and amount.
 */

import { MESSAGE_LANGUAGES, type MessageLanguage } from '@busana/contract/schemas'

/** The steps' languages: the API's own (contract language.ts). */
export const TUTORIAL_LANGUAGES = MESSAGE_LANGUAGES
export type TutorialLanguage = MessageLanguage

/**
 * The language of a request's translated answer (`?lng`, the `i18next` cookie, Accept-Language,
 * English): the contract's negotiation, through the language plugin. Kept under this name for the
 * orders routes.
 */
export { pageLanguageOf as requestLanguage } from '../../plugins/language.ts'

interface Channel {
  judul: Record<TutorialLanguage, string>
  steps: Record<TutorialLanguage, string[]>
}

const va = (
  bank: string,
  atm: { en: string[]; id: string[] },
  mobile: { name: string; en: string[]; id: string[] },
  internet: { name: string; en: string[]; id: string[] },
): Channel[] => [
  { judul: { en: `ATM ${bank}`, id: `ATM ${bank}` }, steps: atm },
  { judul: { en: mobile.name, id: mobile.name }, steps: { en: mobile.en, id: mobile.id } },
  { judul: { en: internet.name, id: internet.name }, steps: { en: internet.en, id: internet.id } },
]

const checkAndPay = {
  en: 'Check that the name is Busana and the amount is {total}, then confirm the payment.',
  id: 'Pastikan nama tertera Busana dan jumlahnya {total}, lalu konfirmasi pembayaran.',
}
const keep = {
  en: 'Keep the receipt. Your order turns Paid within a few minutes.',
  id: 'Simpan bukti pembayaran. Status pesanan berubah menjadi Paid dalam beberapa menit.',
}

const TUTORIALS: Record<string, Channel[]> = {
  bca_va: va(
    'BCA',
    {
      en: [
        'Insert your BCA card and enter your PIN.',
        'Choose Other Transactions > Transfer > To BCA Virtual Account.',
        'Enter the virtual account number {rekening} and press Correct.',
        checkAndPay.en,
        keep.en,
      ],
      id: [
        'Masukkan kartu ATM BCA dan PIN Anda.',
        'Pilih Transaksi Lainnya > Transfer > Ke Rek BCA Virtual Account.',
        'Masukkan nomor virtual account {rekening} lalu tekan Benar.',
        checkAndPay.id,
        keep.id,
      ],
    },
    {
      name: 'BCA mobile (m-BCA)',
      en: [
        'Open the BCA mobile app and log in to m-BCA.',
        'Choose m-Transfer > BCA Virtual Account.',
        'Enter the virtual account number {rekening} and press Send.',
        checkAndPay.en,
        'Enter your m-BCA PIN.',
      ],
      id: [
        'Buka aplikasi BCA mobile dan masuk ke m-BCA.',
        'Pilih m-Transfer > BCA Virtual Account.',
        'Masukkan nomor virtual account {rekening} lalu tekan Send.',
        checkAndPay.id,
        'Masukkan PIN m-BCA Anda.',
      ],
    },
    {
      name: 'KlikBCA',
      en: [
        'Log in to KlikBCA Individual.',
        'Choose Funds Transfer > Transfer to BCA Virtual Account.',
        'Enter the virtual account number {rekening}.',
        checkAndPay.en,
        'Enter the KeyBCA response and press Submit.',
      ],
      id: [
        'Masuk ke KlikBCA Individual.',
        'Pilih Transfer Dana > Transfer ke BCA Virtual Account.',
        'Masukkan nomor virtual account {rekening}.',
        checkAndPay.id,
        'Masukkan respon KeyBCA lalu tekan Kirim.',
      ],
    },
  ),
  bni_va: va(
    'BNI',
    {
      en: [
        'Insert your BNI card and enter your PIN.',
        'Choose Other Menu > Transfer > Virtual Account Billing.',
        'Enter the virtual account number {rekening}.',
        checkAndPay.en,
        keep.en,
      ],
      id: [
        'Masukkan kartu ATM BNI dan PIN Anda.',
        'Pilih Menu Lain > Transfer > Virtual Account Billing.',
        'Masukkan nomor virtual account {rekening}.',
        checkAndPay.id,
        keep.id,
      ],
    },
    {
      name: 'BNI Mobile Banking',
      en: [
        'Open BNI Mobile Banking and log in.',
        'Choose Transfer > Virtual Account Billing.',
        'Enter the virtual account number {rekening}.',
        checkAndPay.en,
        'Enter your transaction password.',
      ],
      id: [
        'Buka BNI Mobile Banking dan masuk.',
        'Pilih Transfer > Virtual Account Billing.',
        'Masukkan nomor virtual account {rekening}.',
        checkAndPay.id,
        'Masukkan password transaksi Anda.',
      ],
    },
    {
      name: 'BNI Internet Banking',
      en: [
        'Log in to BNI Internet Banking.',
        'Choose Transfer > Virtual Account Billing.',
        'Enter the virtual account number {rekening}.',
        checkAndPay.en,
        'Enter the BNI e-Secure token code.',
      ],
      id: [
        'Masuk ke BNI Internet Banking.',
        'Pilih Transfer > Virtual Account Billing.',
        'Masukkan nomor virtual account {rekening}.',
        checkAndPay.id,
        'Masukkan kode token BNI e-Secure.',
      ],
    },
  ),
  bri_va: va(
    'BRI',
    {
      en: [
        'Insert your BRI card and enter your PIN.',
        'Choose Other Transactions > Payment > Others > BRIVA.',
        'Enter the BRIVA number {rekening}.',
        checkAndPay.en,
        keep.en,
      ],
      id: [
        'Masukkan kartu ATM BRI dan PIN Anda.',
        'Pilih Transaksi Lain > Pembayaran > Lainnya > BRIVA.',
        'Masukkan nomor BRIVA {rekening}.',
        checkAndPay.id,
        keep.id,
      ],
    },
    {
      name: 'BRImo',
      en: [
        'Open BRImo and log in.',
        'Choose BRIVA.',
        'Enter the BRIVA number {rekening}.',
        checkAndPay.en,
        'Enter your BRImo PIN.',
      ],
      id: [
        'Buka BRImo dan masuk.',
        'Pilih BRIVA.',
        'Masukkan nomor BRIVA {rekening}.',
        checkAndPay.id,
        'Masukkan PIN BRImo Anda.',
      ],
    },
    {
      name: 'BRI Internet Banking',
      en: [
        'Log in to BRI Internet Banking.',
        'Choose Payment > BRIVA.',
        'Enter the BRIVA number {rekening}.',
        checkAndPay.en,
        'Enter your password and the mToken code.',
      ],
      id: [
        'Masuk ke Internet Banking BRI.',
        'Pilih Pembayaran > BRIVA.',
        'Masukkan nomor BRIVA {rekening}.',
        checkAndPay.id,
        'Masukkan password dan kode mToken.',
      ],
    },
  ),
  permata_va: va(
    'Permata',
    {
      en: [
        'Insert your card and enter your PIN (any ATM Bersama, Prima or Alto ATM works).',
        'Choose Other Transactions > Payment > Other Payments > Virtual Account.',
        'Enter the virtual account number {rekening}.',
        checkAndPay.en,
        keep.en,
      ],
      id: [
        'Masukkan kartu dan PIN Anda (ATM Bersama, Prima atau Alto mana pun).',
        'Pilih Transaksi Lainnya > Pembayaran > Pembayaran Lainnya > Virtual Account.',
        'Masukkan nomor virtual account {rekening}.',
        checkAndPay.id,
        keep.id,
      ],
    },
    {
      name: 'PermataMobile X',
      en: [
        'Open PermataMobile X and log in.',
        'Choose Pay Bills > Virtual Account.',
        'Enter the virtual account number {rekening}.',
        checkAndPay.en,
        'Enter the response code (OTP).',
      ],
      id: [
        'Buka PermataMobile X dan masuk.',
        'Pilih Bayar Tagihan > Virtual Account.',
        'Masukkan nomor virtual account {rekening}.',
        checkAndPay.id,
        'Masukkan kode respon (OTP).',
      ],
    },
    {
      name: 'PermataNet',
      en: [
        'Log in to PermataNet.',
        'Choose Bill Payment > Virtual Account.',
        'Enter the virtual account number {rekening}.',
        checkAndPay.en,
        'Enter the SMS token.',
      ],
      id: [
        'Masuk ke PermataNet.',
        'Pilih Pembayaran Tagihan > Virtual Account.',
        'Masukkan nomor virtual account {rekening}.',
        checkAndPay.id,
        'Masukkan token SMS.',
      ],
    },
  ),
  mandiri_bill: va(
    'Mandiri',
    {
      en: [
        'Insert your Mandiri card and enter your PIN.',
        'Choose Pay/Buy > Others > Multi Payment.',
        'Enter the company code {biller} and press Correct.',
        'Enter the bill key {rekening} and press Correct.',
        checkAndPay.en,
        keep.en,
      ],
      id: [
        'Masukkan kartu ATM Mandiri dan PIN Anda.',
        'Pilih Bayar/Beli > Lainnya > Multi Payment.',
        'Masukkan kode perusahaan {biller} lalu tekan Benar.',
        'Masukkan kode bayar {rekening} lalu tekan Benar.',
        checkAndPay.id,
        keep.id,
      ],
    },
    {
      name: "Livin' by Mandiri",
      en: [
        "Open Livin' by Mandiri and log in.",
        'Choose Payment > e-Commerce, or search for the biller code {biller}.',
        'Enter the bill key {rekening}.',
        checkAndPay.en,
        'Enter your MPIN.',
      ],
      id: [
        "Buka Livin' by Mandiri dan masuk.",
        'Pilih Bayar > e-Commerce, atau cari kode biller {biller}.',
        'Masukkan kode bayar {rekening}.',
        checkAndPay.id,
        'Masukkan MPIN Anda.',
      ],
    },
    {
      name: 'Mandiri Internet Banking',
      en: [
        'Log in to Mandiri Internet Banking.',
        'Choose Payment > Multi Payment and the biller code {biller}.',
        'Enter the bill key {rekening}.',
        checkAndPay.en,
        'Enter the token response.',
      ],
      id: [
        'Masuk ke Mandiri Internet Banking.',
        'Pilih Pembayaran > Multi Payment dan kode biller {biller}.',
        'Masukkan kode bayar {rekening}.',
        checkAndPay.id,
        'Masukkan respon token.',
      ],
    },
  ),
  gopay: [
    {
      judul: { en: 'GoPay on this phone', id: 'GoPay di ponsel ini' },
      steps: {
        en: [
          'Tap Pay with GoPay: the Gojek or GoPay app opens.',
          'Check the amount {total} and tap Pay.',
          'Enter your GoPay PIN.',
          'Come back to this page: your order turns Paid.',
        ],
        id: [
          'Ketuk Bayar dengan GoPay: aplikasi Gojek atau GoPay terbuka.',
          'Periksa jumlah {total} lalu ketuk Bayar.',
          'Masukkan PIN GoPay Anda.',
          'Kembali ke halaman ini: status pesanan berubah menjadi Paid.',
        ],
      },
    },
    {
      judul: { en: 'Scan the QR code', id: 'Pindai kode QR' },
      steps: {
        en: [
          'Open the Gojek or GoPay app on your phone and tap Pay (Scan).',
          'Scan the QR code shown on this page.',
          'Check the amount {total} and tap Pay.',
          'Enter your GoPay PIN.',
        ],
        id: [
          'Buka aplikasi Gojek atau GoPay di ponsel Anda lalu ketuk Bayar (Scan).',
          'Pindai kode QR di halaman ini.',
          'Periksa jumlah {total} lalu ketuk Bayar.',
          'Masukkan PIN GoPay Anda.',
        ],
      },
    },
  ],
  shopeepay: [
    {
      judul: { en: 'ShopeePay on this phone', id: 'ShopeePay di ponsel ini' },
      steps: {
        en: [
          'Tap Pay with ShopeePay: the Shopee app opens.',
          'Check the amount {total} and tap Pay Now.',
          'Enter your ShopeePay PIN.',
          'Come back to this page: your order turns Paid.',
        ],
        id: [
          'Ketuk Bayar dengan ShopeePay: aplikasi Shopee terbuka.',
          'Periksa jumlah {total} lalu ketuk Bayar Sekarang.',
          'Masukkan PIN ShopeePay Anda.',
          'Kembali ke halaman ini: status pesanan berubah menjadi Paid.',
        ],
      },
    },
    {
      judul: { en: 'Scan the QR code', id: 'Pindai kode QR' },
      steps: {
        en: [
          'Open the Shopee app on your phone and tap Scan.',
          'Scan the QR code shown on this page.',
          'Check the amount {total} and tap Pay Now.',
          'Enter your ShopeePay PIN.',
        ],
        id: [
          'Buka aplikasi Shopee di ponsel Anda lalu ketuk Scan.',
          'Pindai kode QR di halaman ini.',
          'Periksa jumlah {total} lalu ketuk Bayar Sekarang.',
          'Masukkan PIN ShopeePay Anda.',
        ],
      },
    },
  ],
  qris: [
    {
      judul: { en: 'Any QRIS app', id: 'Aplikasi QRIS apa pun' },
      steps: {
        en: [
          'Open a payment app that shows the QRIS logo: GoPay, OVO, DANA, ShopeePay, LinkAja or your mobile banking.',
          'Choose Scan or Pay and scan the QR code on this page (or save it and upload it from your gallery).',
          'Check that the merchant is Busana and the amount is {total}.',
          'Confirm with your PIN. Your order turns Paid within a few minutes.',
        ],
        id: [
          'Buka aplikasi pembayaran berlogo QRIS: GoPay, OVO, DANA, ShopeePay, LinkAja atau mobile banking Anda.',
          'Pilih Scan atau Bayar lalu pindai kode QR di halaman ini (atau simpan lalu unggah dari galeri).',
          'Pastikan merchant Busana dan jumlahnya {total}.',
          'Konfirmasi dengan PIN Anda. Status pesanan berubah menjadi Paid dalam beberapa menit.',
        ],
      },
    },
  ],
}

export interface TutorialStep {
  judul: string
  /** The steps as numbered lines ('1. …\n2. …'): plain text, no HTML. */
  deskripsi: string
  /** The same steps, one string each. */
  steps: string[]
}

/** 'Rp 125.000': the amount as the steps show it (Indonesian grouping). */
const rupiah = (amount: number) => `Rp ${amount.toLocaleString('id-ID')}`

/**
 * The How to Pay steps of a payment method in a language, with the order's numbers filled in;
 * empty for a method without steps.
 */
export function tutorialFor(
  code: string,
  language: TutorialLanguage,
  values: { rekening: string | null; billerCode: string | null; total: number },
): TutorialStep[] {
  const fill = (text: string) =>
    text
      .replaceAll('{rekening}', values.rekening ?? '-')
      .replaceAll('{biller}', values.billerCode ?? '-')
      .replaceAll('{total}', rupiah(values.total))
  return (TUTORIALS[code] ?? []).map((channel) => {
    const steps = channel.steps[language].map(fill)
    return {
      judul: channel.judul[language],
      deskripsi: steps.map((step, i) => `${i + 1}. ${step}`).join('\n'),
      steps,
    }
  })
}

/** The payment methods that have How to Pay steps. */
export const TUTORIAL_CODES = Object.keys(TUTORIALS)
