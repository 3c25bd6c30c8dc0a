import { productImageUrl, tileUrl } from '../art/index.ts'

/**
 * The demo help FAQ, articles, content pages and stores (decision 033), in English and Indonesian.
 * HTML is written here as an editor would and goes through the stored-HTML sanitiser on seeding.
 */

interface Text {
  en: string
  id: string
}

export interface FaqCategorySeed {
  code: string
  icon: string
  name: Text
  items: { slug: string; name: Text; konten: Text }[]
}

export const FAQ: FaqCategorySeed[] = [
  {
    code: 'orders',
    icon: tileUrl('sand', 'tote', 'orders'),
    name: { en: 'Orders', id: 'Pesanan' },
    items: [
      {
        slug: 'how-to-order',
        name: { en: 'How do I place an order?', id: 'Bagaimana cara memesan?' },
        konten: {
          en: '<p>Choose a product, pick your size and tap <strong>Add to Bag</strong>. Open the bag, tick the items you want and tap <strong>Checkout</strong>. Choose your address, courier and payment method, then tap <strong>Pay Now</strong>.</p><p>You can check out as a member or with your phone number as a guest.</p>',
          id: '<p>Pilih produk, pilih ukuran, lalu ketuk <strong>Tambah ke Keranjang</strong>. Buka keranjang, centang barang yang ingin dibeli dan ketuk <strong>Checkout</strong>. Pilih alamat, kurir dan metode pembayaran, lalu ketuk <strong>Bayar Sekarang</strong>.</p><p>Anda bisa checkout sebagai member atau sebagai tamu dengan nomor ponsel.</p>',
        },
      },
      {
        slug: 'change-or-cancel-order',
        name: {
          en: 'Can I change or cancel my order?',
          id: 'Bisakah saya mengubah atau membatalkan pesanan?',
        },
        konten: {
          en: '<p>An order that has not been paid is cancelled automatically when its payment time runs out. Once paid, we start packing within 24 hours, so changes are no longer possible; you can return the items after delivery (see <a href="/pages/returns-policy">Returns policy</a>).</p>',
          id: '<p>Pesanan yang belum dibayar otomatis batal ketika batas waktu pembayaran habis. Setelah dibayar, pesanan mulai dikemas dalam 24 jam sehingga tidak bisa diubah; Anda dapat mengembalikan barang setelah diterima (lihat <a href="/pages/returns-policy">Kebijakan pengembalian</a>).</p>',
        },
      },
      {
        slug: 'track-my-order',
        name: { en: 'How do I track my order?', id: 'Bagaimana cara melacak pesanan?' },
        konten: {
          en: '<p>Open <a href="/tracking">Tracking</a> and enter your order number (it starts with SO and is in your confirmation). Members also find every order under <strong>My Order</strong>.</p>',
          id: '<p>Buka <a href="/tracking">Lacak Pesanan</a> dan masukkan nomor pesanan Anda (diawali SO, ada di konfirmasi pesanan). Member juga dapat melihat semua pesanan di <strong>Pesanan Saya</strong>.</p>',
        },
      },
    ],
  },
  {
    code: 'payment',
    icon: tileUrl('navy', 'crossbody', 'payment'),
    name: { en: 'Payment', id: 'Pembayaran' },
    items: [
      {
        slug: 'payment-methods',
        name: { en: 'Which payment methods can I use?', id: 'Metode pembayaran apa saja yang tersedia?' },
        konten: {
          en: '<p>We accept bank virtual accounts (BCA, BNI, BRI, Mandiri, Permata), QRIS, GoPay and ShopeePay. All prices are in Rupiah and include VAT.</p>',
          id: '<p>Kami menerima virtual account bank (BCA, BNI, BRI, Mandiri, Permata), QRIS, GoPay dan ShopeePay. Semua harga dalam Rupiah dan sudah termasuk PPN.</p>',
        },
      },
      {
        slug: 'payment-deadline',
        name: { en: 'How long do I have to pay?', id: 'Berapa lama batas waktu pembayaran?' },
        konten: {
          en: '<p>A virtual account stays open for 24 hours; QRIS and e-wallet links for 15 minutes. The countdown is shown on the payment page. After that the order is cancelled and the items go back on sale.</p>',
          id: '<p>Virtual account berlaku 24 jam; QRIS dan tautan e-wallet 15 menit. Hitung mundur tampil di halaman pembayaran. Setelah itu pesanan dibatalkan dan barang kembali dijual.</p>',
        },
      },
      {
        slug: 'paid-but-waiting',
        name: {
          en: 'I paid but my order still says waiting',
          id: 'Saya sudah membayar tetapi status masih menunggu',
        },
        konten: {
          en: '<p>Payments usually confirm within a few minutes. Tap <strong>Check payment</strong> on the order page. If it still waits after an hour, send us your order number and proof of payment on WhatsApp.</p>',
          id: '<p>Pembayaran biasanya terkonfirmasi dalam beberapa menit. Ketuk <strong>Cek pembayaran</strong> di halaman pesanan. Jika setelah satu jam masih menunggu, kirim nomor pesanan dan bukti bayar ke WhatsApp kami.</p>',
        },
      },
    ],
  },
  {
    code: 'shipping',
    icon: tileUrl('olive', 'jacket', 'shipping'),
    name: { en: 'Shipping', id: 'Pengiriman' },
    items: [
      {
        slug: 'shipping-time',
        name: { en: 'How long does delivery take?', id: 'Berapa lama waktu pengiriman?' },
        konten: {
          en: '<p>We ship from Jakarta within 24 hours of payment (Monday to Saturday). Delivery takes 1–2 days in Jabodetabek, 2–4 days in Java and Bali and 3–7 days elsewhere, depending on the courier you choose.</p>',
          id: '<p>Kami mengirim dari Jakarta dalam 24 jam setelah pembayaran (Senin sampai Sabtu). Pengiriman 1–2 hari untuk Jabodetabek, 2–4 hari untuk Jawa dan Bali, dan 3–7 hari untuk wilayah lain, tergantung kurir yang dipilih.</p>',
        },
      },
      {
        slug: 'shipping-cost',
        name: { en: 'How much is shipping?', id: 'Berapa ongkos kirimnya?' },
        konten: {
          en: '<p>The cost depends on the courier, the destination and the weight of your parcel, and is shown at checkout before you pay.</p>',
          id: '<p>Ongkos kirim tergantung kurir, tujuan dan berat paket, dan ditampilkan saat checkout sebelum Anda membayar.</p>',
        },
      },
      {
        slug: 'change-address',
        name: { en: 'Can I change the delivery address?', id: 'Bisakah saya mengganti alamat pengiriman?' },
        konten: {
          en: '<p>Before paying, choose another saved address at checkout. After payment the address cannot be changed, as the waybill is printed right away.</p>',
          id: '<p>Sebelum membayar, pilih alamat lain yang tersimpan saat checkout. Setelah pembayaran alamat tidak dapat diubah karena resi langsung dicetak.</p>',
        },
      },
    ],
  },
  {
    code: 'returns',
    icon: tileUrl('terracotta', 'shirt', 'returns'),
    name: { en: 'Returns & Exchanges', id: 'Pengembalian & Penukaran' },
    items: [
      {
        slug: 'return-an-item',
        name: { en: 'How do I return an item?', id: 'Bagaimana cara mengembalikan barang?' },
        konten: {
          en: '<p>You can return unworn items with their tags within 7 days of delivery.</p><ol><li>Message us on WhatsApp with your order number and the item.</li><li>Pack the item with its tags and the invoice.</li><li>Send it to the address we give you; we refund within 3 working days of receiving it.</li></ol>',
          id: '<p>Barang yang belum dipakai dan masih berlabel dapat dikembalikan dalam 7 hari setelah diterima.</p><ol><li>Hubungi kami lewat WhatsApp dengan nomor pesanan dan barangnya.</li><li>Kemas barang bersama label dan invoice.</li><li>Kirim ke alamat yang kami berikan; dana dikembalikan dalam 3 hari kerja setelah barang kami terima.</li></ol>',
        },
      },
      {
        slug: 'exchange-size',
        name: { en: 'Can I exchange for another size?', id: 'Bisakah saya menukar ukuran?' },
        konten: {
          en: '<p>Yes, once per order, while the size is in stock. Exchanges follow the same steps as returns; we cover the shipping of the new size.</p>',
          id: '<p>Bisa, satu kali per pesanan, selama ukurannya tersedia. Penukaran mengikuti langkah yang sama dengan pengembalian; ongkos kirim ukuran baru kami tanggung.</p>',
        },
      },
      {
        slug: 'sale-items',
        name: { en: 'Can sale items be returned?', id: 'Apakah barang diskon bisa dikembalikan?' },
        konten: {
          en: '<p>Sale items can be exchanged for another size but not refunded. Bundles are returned whole.</p>',
          id: '<p>Barang diskon dapat ditukar ukuran tetapi tidak dapat di-refund. Paket bundling dikembalikan utuh.</p>',
        },
      },
    ],
  },
]

export interface ArticleSeed {
  slug: string
  icon: string
  judul: Text
  konten: Text
  /** Days before the seeding day. */
  daysAgo: number
}

export const ARTICLES: ArticleSeed[] = [
  {
    slug: 'linen-for-tropical-days',
    icon: productImageUrl('shirt', 'sand', 'plain', 'front'),
    judul: { en: 'Linen for tropical days', id: 'Linen untuk hari-hari tropis' },
    daysAgo: 2,
    konten: {
      en: '<p>Linen breathes, dries fast and softens with every wash, which makes it the most comfortable fabric for humid afternoons in Jakarta or Surabaya. Here is how to wear it without looking crumpled.</p><h3>Choose the right weight</h3><p>A mid-weight linen (around 150 g/m²) holds its shape better than a sheer one and is not see-through.</p><h3>Care</h3><ul><li>Wash cold, inside out.</li><li>Dry in the shade.</li><li>Iron while still slightly damp.</li></ul>',
      id: '<p>Linen menyerap keringat, cepat kering dan makin lembut setiap dicuci, sehingga menjadi bahan paling nyaman untuk siang yang lembap di Jakarta atau Surabaya. Begini cara memakainya tanpa terlihat kusut.</p><h3>Pilih ketebalan yang tepat</h3><p>Linen dengan ketebalan sedang (sekitar 150 g/m²) lebih menjaga bentuk dan tidak menerawang.</p><h3>Perawatan</h3><ul><li>Cuci dengan air dingin, bagian dalam di luar.</li><li>Jemur di tempat teduh.</li><li>Setrika selagi masih agak lembap.</li></ul>',
    },
  },
  {
    slug: 'five-ways-to-style-a-batik-shirt',
    icon: productImageUrl('shirt', 'mocca', 'batik', 'front'),
    judul: { en: 'Five ways to style a batik shirt', id: 'Lima cara memadukan kemeja batik' },
    daysAgo: 6,
    konten: {
      en: '<p>Batik is no longer just for Fridays and weddings. A modern batik shirt works from the office to a weekend coffee.</p><ol><li>With dark chinos and loafers for the office.</li><li>Open over a white tee with jeans.</li><li>Tucked into culottes with a belt.</li><li>Under a light jacket on cooler evenings.</li><li>With shorts and sandals in Bali.</li></ol>',
      id: '<p>Batik kini bukan hanya untuk hari Jumat dan kondangan. Kemeja batik modern cocok dari kantor sampai ngopi di akhir pekan.</p><ol><li>Dengan chino gelap dan loafer untuk ke kantor.</li><li>Dibiarkan terbuka di atas kaus putih dengan jeans.</li><li>Dimasukkan ke kulot dengan ikat pinggang.</li><li>Di balik jaket ringan saat malam lebih sejuk.</li><li>Dengan celana pendek dan sandal di Bali.</li></ol>',
    },
  },
  {
    slug: 'a-capsule-wardrobe-for-work',
    icon: productImageUrl('trousers', 'navy', 'pinstripe', 'front'),
    judul: { en: 'A capsule wardrobe for work', id: 'Capsule wardrobe untuk bekerja' },
    daysAgo: 11,
    konten: {
      en: '<p>Ten pieces, thirty outfits. A capsule wardrobe saves time every morning and money every month. Start with two pairs of trousers in navy and khaki, three shirts, one knit, one jacket and shoes you can walk in.</p><p>Keep the colours close, so that everything goes with everything, and add one print you love.</p>',
      id: '<p>Sepuluh potong pakaian, tiga puluh padu padan. Capsule wardrobe menghemat waktu setiap pagi dan uang setiap bulan. Mulailah dengan dua celana berwarna navy dan khaki, tiga kemeja, satu rajutan, satu jaket dan sepatu yang nyaman untuk berjalan.</p><p>Pilih warna yang berdekatan agar semuanya mudah dipadukan, lalu tambahkan satu motif favorit.</p>',
    },
  },
  {
    slug: 'what-to-pack-for-mudik',
    icon: productImageUrl('tote', 'olive', 'plain', 'front'),
    judul: { en: 'What to pack for mudik', id: 'Apa saja yang dibawa saat mudik' },
    daysAgo: 19,
    konten: {
      en: '<p>Long trips home call for clothes that travel well. Pack pieces that do not crease, layer easily and still look good at family gatherings: a relaxed kaftan or shirt, a pair of soft trousers, a light jacket for the air-conditioned bus and a tote for everything else.</p>',
      id: '<p>Perjalanan pulang kampung yang panjang butuh pakaian yang nyaman dibawa. Pilih yang tidak mudah kusut, mudah dilapis dan tetap rapi untuk kumpul keluarga: kaftan atau kemeja longgar, celana yang lembut, jaket tipis untuk bus ber-AC dan tas tote untuk sisanya.</p>',
    },
  },
  {
    slug: 'denim-care-guide',
    icon: productImageUrl('jeans', 'denim', 'twill', 'front'),
    judul: { en: 'Denim care guide', id: 'Panduan merawat denim' },
    daysAgo: 27,
    konten: {
      en: '<p>Good jeans get better with age if you let them. Wash them rarely, inside out and cold; never tumble dry; and hang them to air between wears. Small tears can be darned, and we repair the jeans you bought from us at our stores.</p>',
      id: '<p>Jeans yang bagus makin keren seiring waktu jika dirawat dengan benar. Jarang dicuci, cuci bagian dalam di luar dengan air dingin; jangan dikeringkan dengan mesin; dan angin-anginkan di antara pemakaian. Sobekan kecil bisa dijahit, dan kami memperbaiki jeans yang dibeli dari kami di toko kami.</p>',
    },
  },
]

export interface ContentPageSeed {
  id: string
  judul: Text
  konten: Text
}

export const CONTENT_PAGES: ContentPageSeed[] = [
  {
    id: 'about',
    judul: { en: 'About us', id: 'Tentang kami' },
    konten: {
      en: '<p>Busana is a group of Indonesian fashion brands, born in Jakarta in 2014 from a small workshop making shirts for friends. Today Prepps, Kaina, Rimba, Senja Denim, Langkah and Kalem share one account and one shopping bag, and a love for clothes that are made well and worn often.</p><h3>What we care about</h3><ul><li>Fabrics that suit a tropical climate.</li><li>Fair work with tailors and weavers across Java.</li><li>Fits that are made for Indonesian bodies.</li></ul><p>Visit one of our stores or write to us on WhatsApp: we love to hear from you.</p>',
      id: '<p>Busana adalah grup merek fesyen Indonesia yang lahir di Jakarta pada 2014 dari sebuah bengkel jahit kecil yang membuat kemeja untuk teman-teman. Kini Prepps, Kaina, Rimba, Senja Denim, Langkah dan Kalem berbagi satu akun dan satu keranjang belanja, serta kecintaan pada pakaian yang dibuat dengan baik dan sering dipakai.</p><h3>Yang kami pedulikan</h3><ul><li>Bahan yang cocok untuk iklim tropis.</li><li>Kerja sama yang adil dengan penjahit dan penenun di seluruh Jawa.</li><li>Potongan yang dibuat untuk tubuh orang Indonesia.</li></ul><p>Kunjungi toko kami atau hubungi kami lewat WhatsApp: kami senang mendengar dari Anda.</p>',
    },
  },
  {
    id: 'terms-and-conditions',
    judul: { en: 'Terms and Conditions', id: 'Syarat dan Ketentuan' },
    konten: {
      en: '<p>These terms apply to every purchase in this shop. By placing an order you agree to them.</p><h3>Prices and payment</h3><p>Prices are in Indonesian Rupiah and include VAT. An order is confirmed once its payment is received within the payment time.</p><h3>Stock</h3><p>Items are reserved when you place an order. If an item turns out to be unavailable, we refund it in full.</p><h3>Accounts</h3><p>Keep your password to yourself. One account is shared by all brands of the group.</p>',
      id: '<p>Syarat ini berlaku untuk setiap pembelian di toko ini. Dengan membuat pesanan Anda menyetujuinya.</p><h3>Harga dan pembayaran</h3><p>Harga dalam Rupiah dan sudah termasuk PPN. Pesanan terkonfirmasi setelah pembayaran diterima dalam batas waktu pembayaran.</p><h3>Stok</h3><p>Barang dipesan untuk Anda saat pesanan dibuat. Jika ternyata barang tidak tersedia, kami mengembalikan dana sepenuhnya.</p><h3>Akun</h3><p>Jaga kerahasiaan kata sandi Anda. Satu akun berlaku untuk semua merek dalam grup.</p>',
    },
  },
  {
    id: 'privacy-policy',
    judul: { en: 'Privacy Policy', id: 'Kebijakan Privasi' },
    konten: {
      en: '<p>We collect only what we need to deliver your orders: your name, phone number, e-mail and addresses. We never sell your data. Couriers receive your name, phone number and delivery address; payment providers receive the amount and your order number.</p><p>You can change your details under <strong>Account Info</strong> or ask us to delete your account on WhatsApp.</p>',
      id: '<p>Kami hanya mengumpulkan data yang diperlukan untuk mengirim pesanan Anda: nama, nomor ponsel, email dan alamat. Kami tidak pernah menjual data Anda. Kurir menerima nama, nomor ponsel dan alamat pengiriman; penyedia pembayaran menerima jumlah dan nomor pesanan Anda.</p><p>Anda dapat mengubah data di <strong>Info Akun</strong> atau meminta penghapusan akun lewat WhatsApp.</p>',
    },
  },
  {
    id: 'returns-policy',
    judul: { en: 'Returns Policy', id: 'Kebijakan Pengembalian' },
    konten: {
      en: '<p>Unworn items with their tags can be returned within 7 days of delivery for a refund, or exchanged once for another size. Sale items can be exchanged but not refunded. Refunds go back to your payment method within 3 working days of our receiving the item.</p>',
      id: '<p>Barang yang belum dipakai dan masih berlabel dapat dikembalikan dalam 7 hari setelah diterima untuk refund, atau ditukar ukuran satu kali. Barang diskon dapat ditukar tetapi tidak dapat di-refund. Dana dikembalikan ke metode pembayaran Anda dalam 3 hari kerja setelah barang kami terima.</p>',
    },
  },
]

export interface StoreSeed {
  idBrand: number
  name: string
  address: string
  city: string
  whatsapp: string
  mapEmbed: string
}

/** Google Maps' classic embed (no key needed) for a point. */
const googleMap = (lat: number, lng: number) =>
  `<iframe src="https://maps.google.com/maps?q=${lat},${lng}&amp;z=16&amp;output=embed" width="600" height="450" style="border:0;" allowfullscreen="" loading="lazy"></iframe>`
/** OpenStreetMap's embed for a point. */
const osmMap = (lat: number, lng: number) =>
  `<iframe width="425" height="350" src="https://www.openstreetmap.org/export/embed.html?bbox=${(lng - 0.006).toFixed(4)}%2C${(lat - 0.004).toFixed(4)}%2C${(lng + 0.006).toFixed(4)}%2C${(lat + 0.004).toFixed(4)}&amp;layer=mapnik&amp;marker=${lat}%2C${lng}" style="border: 1px solid black"></iframe>`

export const STORES: StoreSeed[] = [
  {
    idBrand: 9,
    name: 'Prepps Senayan City',
    address: 'Senayan City Lt. 2 No. 21, Jl. Asia Afrika Lot 19, Gelora, Tanah Abang, Jakarta Pusat 10270',
    city: 'Jakarta',
    whatsapp: '081210002001',
    mapEmbed: googleMap(-6.2273, 106.7973),
  },
  {
    idBrand: 9,
    name: 'Prepps Kota Kasablanka',
    address: 'Kota Kasablanka Lt. UG No. 18, Jl. Casablanca Raya Kav. 88, Tebet, Jakarta Selatan 12870',
    city: 'Jakarta',
    whatsapp: '081210002002',
    mapEmbed: osmMap(-6.2243, 106.8425),
  },
  {
    idBrand: 9,
    name: 'Prepps Paris Van Java',
    address: 'Paris Van Java Mall, Resort Level RL-12, Jl. Sukajadi No. 131-139, Bandung 40162',
    city: 'Bandung',
    whatsapp: '081210002003',
    mapEmbed: googleMap(-6.8893, 107.5961),
  },
  {
    idBrand: 9,
    name: 'Prepps Tunjungan Plaza',
    address: 'Tunjungan Plaza 6 Lt. 3 No. 9, Jl. Basuki Rahmat No. 8-12, Surabaya 60261',
    city: 'Surabaya',
    whatsapp: '081210002004',
    mapEmbed: osmMap(-7.2625, 112.7398),
  },
  {
    idBrand: 9,
    name: 'Prepps Malioboro',
    address: 'Jl. Malioboro No. 56, Sosromenduran, Gedong Tengen, Yogyakarta 55271',
    city: 'Yogyakarta',
    whatsapp: '081210002005',
    mapEmbed: googleMap(-7.7926, 110.3658),
  },
  {
    idBrand: 9,
    name: 'Prepps Beachwalk Kuta',
    address: 'Beachwalk Shopping Center Lt. 1, Jl. Pantai Kuta, Kuta, Badung, Bali 80361',
    city: 'Bali',
    whatsapp: '081210002006',
    mapEmbed: osmMap(-8.7177, 115.1686),
  },
  {
    idBrand: 9,
    name: 'Prepps Sun Plaza Medan',
    address: 'Sun Plaza Lt. 2 No. 45, Jl. KH. Zainul Arifin No. 7, Medan 20152',
    city: 'Medan',
    whatsapp: '081210002007',
    mapEmbed: googleMap(3.5833, 98.6717),
  },
  {
    // Its map field holds a link, not an embed: the page shows 'Maps Not Found'.
    idBrand: 9,
    name: 'Prepps Trans Studio Makassar',
    address: 'Trans Studio Mall Lt. 1, Jl. Metro Tanjung Bunga Kav. 1, Makassar 90134',
    city: 'Makassar',
    whatsapp: '081210002008',
    mapEmbed: '<a href="https://goo.gl/maps/example">Open in Maps</a>',
  },
  {
    idBrand: 5,
    name: 'Kaina Pondok Indah Mall',
    address: 'Pondok Indah Mall 2 Lt. 1 No. 110, Jl. Metro Pondok Indah, Jakarta Selatan 12310',
    city: 'Jakarta',
    whatsapp: '081210005001',
    mapEmbed: googleMap(-6.2656, 106.7838),
  },
  {
    idBrand: 18,
    name: 'Senja Denim Braga',
    address: 'Jl. Braga No. 88, Sumur Bandung, Bandung 40111',
    city: 'Bandung',
    whatsapp: '081210018001',
    mapEmbed: osmMap(-6.9175, 107.6094),
  },
  // More of the main brand's stores: 24 in all, so the locator has a second page (20 a page).
  {
    idBrand: 9,
    name: 'Prepps Paragon Semarang',
    address: 'Paragon Mall Lt. 2 No. 15, Jl. Pemuda No. 118, Sekayu, Semarang Tengah, Semarang 50132',
    city: 'Semarang',
    whatsapp: '081210002009',
    mapEmbed: googleMap(-6.9797, 110.4108),
  },
  {
    idBrand: 9,
    name: 'Prepps Malang Town Square',
    address: 'Malang Town Square Lt. 1 No. 27, Jl. Veteran No. 2, Penanggungan, Klojen, Malang 65113',
    city: 'Malang',
    whatsapp: '081210002010',
    mapEmbed: osmMap(-7.9569, 112.6187),
  },
  {
    idBrand: 9,
    name: 'Prepps Solo Paragon',
    address:
      'Solo Paragon Mall Lt. GF No. 8, Jl. Yosodipuro No. 133, Mangkubumen, Banjarsari, Surakarta 57139',
    city: 'Surakarta',
    whatsapp: '081210002011',
    mapEmbed: googleMap(-7.5628, 110.8122),
  },
  {
    idBrand: 9,
    name: 'Prepps Palembang Icon',
    address: 'Palembang Icon Lt. 1 No. 12, Jl. POM IX, Lorok Pakjo, Ilir Barat I, Palembang 30137',
    city: 'Palembang',
    whatsapp: '081210002012',
    mapEmbed: osmMap(-2.9787, 104.7336),
  },
  {
    idBrand: 9,
    name: 'Prepps Mal SKA Pekanbaru',
    address: 'Mal SKA Lt. 1 No. 31, Jl. Soekarno-Hatta, Delima, Tampan, Pekanbaru 28294',
    city: 'Pekanbaru',
    whatsapp: '081210002013',
    mapEmbed: googleMap(0.4904, 101.418),
  },
  {
    idBrand: 9,
    name: 'Prepps Pentacity Balikpapan',
    address: 'Pentacity Mall Lt. 1 No. 19, Jl. Jend. Sudirman No. 47, Klandasan Ulu, Balikpapan 76112',
    city: 'Balikpapan',
    whatsapp: '081210002014',
    mapEmbed: osmMap(-1.2744, 116.8278),
  },
  {
    idBrand: 9,
    name: 'Prepps Manado Town Square',
    address: 'Manado Town Square Lt. 1 No. 6, Jl. Piere Tendean, Sario, Manado 95114',
    city: 'Manado',
    whatsapp: '081210002015',
    mapEmbed: googleMap(1.4773, 124.837),
  },
  {
    idBrand: 9,
    name: 'Prepps Botani Square',
    address: 'Botani Square Lt. 1 No. 22, Jl. Raya Pajajaran, Tegallega, Bogor Tengah, Bogor 16127',
    city: 'Bogor',
    whatsapp: '081210002016',
    mapEmbed: osmMap(-6.601, 106.8066),
  },
  {
    idBrand: 9,
    name: 'Prepps Summarecon Mall Bekasi',
    address:
      'Summarecon Mall Bekasi Lt. 1 No. 40, Jl. Bulevar Ahmad Yani, Marga Mulya, Bekasi Utara, Bekasi 17142',
    city: 'Bekasi',
    whatsapp: '081210002017',
    mapEmbed: googleMap(-6.2256, 107.0008),
  },
  {
    idBrand: 9,
    name: 'Prepps Summarecon Mall Serpong',
    address:
      'Summarecon Mall Serpong Lt. 1 No. 57, Jl. Boulevard Gading Serpong, Kelapa Dua, Tangerang 15810',
    city: 'Tangerang',
    whatsapp: '081210002018',
    mapEmbed: osmMap(-6.2407, 106.6285),
  },
  {
    idBrand: 9,
    name: 'Prepps Margo City',
    address: 'Margo City Lt. 1 No. 11, Jl. Margonda Raya No. 358, Kemiri Muka, Beji, Depok 16423',
    city: 'Depok',
    whatsapp: '081210002019',
    mapEmbed: googleMap(-6.3728, 106.8343),
  },
  {
    idBrand: 9,
    name: 'Prepps Grand Batam Mall',
    address: 'Grand Batam Mall Lt. 1 No. 28, Jl. Pembangunan, Batu Selicin, Lubuk Baja, Batam 29444',
    city: 'Batam',
    whatsapp: '081210002020',
    mapEmbed: osmMap(1.1363, 104.0108),
  },
  {
    idBrand: 9,
    name: 'Prepps Transmart Padang',
    address:
      'Transmart Padang Lt. 1 No. 5, Jl. Khatib Sulaiman No. 63, Lolong Belanti, Padang Utara, Padang 25136',
    city: 'Padang',
    whatsapp: '081210002021',
    mapEmbed: googleMap(-0.9048, 100.3483),
  },
  {
    idBrand: 9,
    name: 'Prepps Ayani Megamal',
    address: 'Ayani Megamal Lt. 1 No. 14, Jl. Ahmad Yani No. 1, Akcaya, Pontianak Selatan, Pontianak 78121',
    city: 'Pontianak',
    whatsapp: '081210002022',
    mapEmbed: osmMap(-0.0458, 109.3439),
  },
  {
    idBrand: 9,
    name: 'Prepps Duta Mall Banjarmasin',
    address:
      'Duta Mall Lt. 1 No. 33, Jl. A. Yani Km. 2,5, Sungai Baru, Banjarmasin Tengah, Banjarmasin 70233',
    city: 'Banjarmasin',
    whatsapp: '081210002023',
    mapEmbed: googleMap(-3.3249, 114.601),
  },
  {
    idBrand: 9,
    name: 'Prepps Lombok Epicentrum',
    address: 'Lombok Epicentrum Mall Lt. 1 No. 9, Jl. Sriwijaya No. 333, Pagesangan, Mataram 83127',
    city: 'Mataram',
    whatsapp: '081210002024',
    mapEmbed: osmMap(-8.6017, 116.1141),
  },
]
