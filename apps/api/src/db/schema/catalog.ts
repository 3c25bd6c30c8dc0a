import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'

/** The group's brands: 9 is the main one (docs/product/shopping.md §1). */
export const brands = pgTable('brands', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  slug: varchar('slug', { length: 64 }).notNull().unique(),
  tagline: text('tagline').notNull().default(''),
})

/** A category of one brand; `name` is the URL segment (/shop/{brand}/category/{name}). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    idBrand: integer('id_brand')
      .notNull()
      .references(() => brands.id),
    name: varchar('name', { length: 120 }).notNull(),
    title: text('title').notNull(),
    isChild: boolean('is_child').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    /** Image of the home category grid card. */
    urlImage: text('url_image').notNull().default(''),
    /** Shown in the home grid. */
    inGrid: boolean('in_grid').notNull().default(false),
    /** Where a product newly put in the category lands in its order: 'bottom' or 'top' (issue 43). */
    newProducts: varchar('new_products', { length: 6 }).notNull().default('bottom'),
  },
  (t) => [
    uniqueIndex('categories_brand_name_uq').on(t.idBrand, t.name),
    check('categories_new_products_ck', sql`${t.newProducts} in ('bottom', 'top')`),
  ],
)

/** A named group inside a category, with up to three banners (the "segment list"). */
export const categorySegments = pgTable(
  'category_segments',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    img1: text('img1').notNull().default(''),
    img2: text('img2').notNull().default(''),
    img3: text('img3').notNull().default(''),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [index('category_segments_category_idx').on(t.categoryId, t.priority)],
)

/** Navigation entries (GET /api/v2/pages/menu); a parent's children form its `sub` list. */
export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    idBrand: integer('id_brand')
      .notNull()
      .references(() => brands.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    /** Category the entry opens (its `name`), empty for a pure heading. */
    categoryName: varchar('category_name', { length: 120 }).notNull().default(''),
    priority: integer('priority').notNull().default(0),
    isChild: boolean('is_child').notNull().default(false),
  },
  (t) => [index('menus_brand_idx').on(t.idBrand, t.isChild, t.priority)],
)

export const products = pgTable(
  'products',
  {
    productCode: varchar('product_code', { length: 64 }).primaryKey(),
    idBrand: integer('id_brand')
      .notNull()
      .references(() => brands.id),
    productName: text('product_name').notNull(),
    /** The other-language name (English when product_name is Indonesian, and back): searched, not shown. */
    productNameAlt: text('product_name_alt').notNull().default(''),
    canonicalProductCode: varchar('canonical_product_code', { length: 64 }),
    canonicalProductMasterName: text('canonical_product_master_name'),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    descriptionWithoutTags: text('description_without_tags').notNull().default(''),
    /** 'available' or 'sold'. */
    status: varchar('status', { length: 16 }).notNull().default('available'),
    /** 'ON-SALE', 'COMING-SOON' or ''. */
    productLable: varchar('product_lable', { length: 32 }).notNull().default(''),
    /** 'Preorder' or ''. */
    categoryMenu: varchar('category_menu', { length: 32 }).notNull().default(''),
    startPrice: integer('start_price').notNull().default(0),
    endPrice: integer('end_price').notNull().default(0),
    sellingPrice: integer('selling_price').notNull(),
    /** Struck-through price as the product's string: '0' or '' means none. */
    hargaCoret: varchar('harga_coret', { length: 32 }).notNull().default('0'),
    soldQty: integer('sold_qty').notNull().default(0),
    isBundling: boolean('is_bundling').notNull().default(false),
    /** Shows a countdown until end_at. */
    countdown: boolean('countdown').notNull().default(false),
    endAt: timestamp('end_at', { withTimezone: true }),
    judulRelated: text('judul_related').notNull().default(''),
    /** 'BIG' takes the full grid width on phones. */
    thumbnail: varchar('thumbnail', { length: 16 }).notNull().default('NORMAL'),
    /** 'VERTICAL' or 'HORIZONTAL'. */
    slideOption: varchar('slide_option', { length: 16 }).notNull().default('HORIZONTAL'),
    maxBundling: integer('max_bundling').notNull().default(0),
    limitQtyBundling: integer('limit_qty_bundling').notNull().default(0),
    isChild: boolean('is_child').notNull().default(false),
    /** Colour family for the listing filter (issue 39): one of COLOUR_FAMILIES, null until staff set it. */
    colourFamily: varchar('colour_family', { length: 16 }),
    /** Final sale (issue 40): the product cannot be returned; its page says so. */
    finalSale: boolean('final_sale').notNull().default(false),
    /**
     * When staff published it; null is a draft, invisible to shoppers everywhere (migration 0015).
     * Defaults to now: the seed's and every existing product are published.
     */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last change of the product's page (the sitemap's lastmod); Drizzle updates set it. */
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('products_brand_idx').on(t.idBrand),
    check(
      'products_colour_family',
      sql`${t.colourFamily} in ('black', 'white', 'grey', 'cream', 'brown', 'red', 'pink', 'orange', 'yellow', 'green', 'blue', 'purple', 'multi')`,
    ),
    index('products_search_fts_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.productName} || ' ' || ${t.productNameAlt} || ' ' || ${t.descriptionWithoutTags})`,
    ),
  ],
)

/** A product in a category, optionally inside one of its segments, in display order. */
export const productCategories = pgTable(
  'product_categories',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    segmentId: integer('segment_id').references(() => categorySegments.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.productCode] }),
    index('product_categories_order_idx').on(t.categoryId, t.position),
  ],
)

export const variants = pgTable(
  'variants',
  {
    skuProduct: varchar('sku_product', { length: 80 }).primaryKey(),
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    ukuran: varchar('ukuran', { length: 32 }).notNull(),
    sellingPrice: integer('selling_price').notNull(),
    /** Packed weight of one unit in grams: shipping fares are by started kilogram of the parcel. */
    weightGrams: integer('weight_grams').notNull().default(300),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    index('variants_product_idx').on(t.productCode, t.position),
    check('variants_weight_positive', sql`${t.weightGrams} > 0`),
  ],
)

/**
 * What the listing filter reads of each product (issue 39, decision 054), kept by triggers on
 * products, variants and inventory's sellable_stock (migrations 0024, 0027), so a filtered listing
 * reads one row per product instead of aggregating its variants: its sizes (all, upper case), the
 * sizes buyable now (sellable stock above 0 on a product neither sold out nor COMING-SOON), its sizes' prices, whether it shows a struck price and
 * its fraction off, its colour family. Never written by the application.
 */
export const productListingFacts = pgTable('product_listing_facts', {
  productCode: varchar('product_code', { length: 64 })
    .primaryKey()
    .references(() => products.productCode, { onDelete: 'cascade' }),
  sizes: text('sizes').array().notNull(),
  buyable: text('buyable').array().notNull(),
  prices: integer('prices').array().notNull(),
  minPrice: integer('min_price').notNull(),
  maxPrice: integer('max_price').notNull(),
  onSale: boolean('on_sale').notNull(),
  discount: real('discount').notNull(),
  colourFamily: varchar('colour_family', { length: 16 }),
})

/** Gallery items: images and videos (the product's url_media: type, url, src; docs/product/shopping.md §3). */
export const productMedia = pgTable(
  'product_media',
  {
    id: serial('id').primaryKey(),
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    type: varchar('type', { length: 8 }).notNull(),
    url: text('url').notNull(),
    /** Poster image for videos; same as url for images. */
    src: text('src').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('product_media_product_idx').on(t.productCode, t.position)],
)

export const relatedProducts = pgTable(
  'related_products',
  {
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    relatedCode: varchar('related_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.relatedCode] })],
)

/** Raw bytes (PostgreSQL bytea), as Buffer on both drivers. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * Product pictures uploaded by staff (issue 14): re-encoded to WebP and AVIF without metadata, so
 * no byte the uploader sent is served. The key is random and never reused: the picture's URLs are
 * /media/v1/u/{key}.webp and .avif, immutable. A gallery item (product_media) points at the WebP.
 * `storage` says where the bytes are (decision 046): 'database' in webp and avif, 's3' in the
 * bucket as product-images/{key}.webp and .avif (both columns null).
 */
export const productImages = pgTable(
  'product_images',
  {
    key: varchar('key', { length: 32 }).primaryKey(),
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    storage: varchar('storage', { length: 16 }).$type<'database' | 's3'>().notNull().default('database'),
    webp: bytea('webp'),
    avif: bytea('avif'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_images_product_idx').on(t.productCode)],
)

/** Products a shopper may choose in bundle slot 1-5 of a bundle product. */
export const bundleOptions = pgTable(
  'bundle_options',
  {
    productCode: varchar('product_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    optionCode: varchar('option_code', { length: 64 })
      .notNull()
      .references(() => products.productCode, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productCode, t.slot, t.optionCode] })],
)

/** Home carousels: banners of a category plus its product list. */
export const homeSliders = pgTable(
  'home_sliders',
  {
    id: serial('id').primaryKey(),
    idBrand: integer('id_brand')
      .notNull()
      .references(() => brands.id),
    isChild: boolean('is_child').notNull().default(false),
    /** The brand whose category the slider links to (/shop/{id_brand}/category/{category_name}). */
    linkBrand: integer('link_brand').notNull(),
    categoryName: varchar('category_name', { length: 120 }).notNull(),
    title: text('title').notNull().default(''),
    urlImage: jsonb('url_image').$type<string[]>().notNull().default([]),
    /** Product codes of the horizontal list, in order. */
    productCodes: jsonb('product_codes').$type<string[]>().notNull().default([]),
    priority: integer('priority').notNull().default(0),
  },
  (t) => [index('home_sliders_brand_idx').on(t.idBrand, t.isChild, t.priority)],
)

/** Per-brand site data: footer colour, WhatsApp number, sidebar links. */
export const siteSettings = pgTable('site_settings', {
  idBrand: integer('id_brand')
    .primaryKey()
    .references(() => brands.id),
  backgroundColor: varchar('background_color', { length: 16 }).notNull().default('#1f1a17'),
  whatsapp: varchar('whatsapp', { length: 20 }).notNull().default(''),
  sidebar: jsonb('sidebar').$type<{ name: string; link: string }[]>().notNull().default([]),
})

export const socialMedia = pgTable('social_media', {
  id: serial('id').primaryKey(),
  idBrand: integer('id_brand')
    .notNull()
    .references(() => brands.id),
  name: text('name').notNull(),
  link: text('link').notNull(),
  logo: text('logo').notNull(),
  position: integer('position').notNull().default(0),
})

/** Payment methods shown in the footer and under the bag summary (name and logo). */
/**
 * The payment methods: the footer's logos and the checkout's payment options (GET /orders/payment,
 * decision 019). The service fee is fee_flat + fee_percent_bp / 10 000 of the order's amount before
 * the fee, rounded up to the rupiah (checkout.rules paymentFee); an order placed with the method must
 * be paid within expiry_minutes (virtual accounts a day, QRIS and e-wallets 15 minutes).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    /** Stable code for the payment provider: bca_va, mandiri_bill, gopay, qris, … */
    code: varchar('code', { length: 32 }).notNull().unique(),
    name: text('name').notNull(),
    logo: text('logo').notNull(),
    /** VIRTUAL-ACCOUNT, E-WALLET or QRIS (docs/product/shopping.md §3). */
    category: varchar('category', { length: 16 }).notNull().default('VIRTUAL-ACCOUNT'),
    deskripsi: text('deskripsi').notNull().default(''),
    feeFlat: integer('fee_flat').notNull().default(0),
    /** Hundredths of a percent: 70 is 0.7 %. */
    feePercentBp: integer('fee_percent_bp').notNull().default(0),
    expiryMinutes: integer('expiry_minutes').notNull().default(1440),
    /** Offered at checkout; inactive methods still show their logo nowhere. */
    active: boolean('active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('payment_methods_fees', sql`${t.feeFlat} >= 0 and ${t.feePercentBp} between 0 and 10000`),
    check('payment_methods_expiry', sql`${t.expiryMinutes} > 0`),
  ],
)
