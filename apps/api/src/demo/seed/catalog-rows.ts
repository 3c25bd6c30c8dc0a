import { bannerUrl, tileUrl, type ColourName, type GarmentKind } from '../art/index.ts'
import type * as schema from '../../db/schema/catalog.ts'
import type { BrandSpec } from './catalog-data.ts'
import type { Draft } from './product-drafts.ts'

export type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

/** Every row of the demo catalog, ready for multi-row inserts. */
export interface CatalogRows {
  brands: Insert<typeof schema.brands>[]
  categories: Insert<typeof schema.categories>[]
  segments: Insert<typeof schema.categorySegments>[]
  menus: Insert<typeof schema.menus>[]
  products: Insert<typeof schema.products>[]
  productCategories: Insert<typeof schema.productCategories>[]
  variants: Insert<typeof schema.variants>[]
  /** Each variant's sellable stock: inventory's to write (`seedStockLevels`), not the catalog's. */
  stock: { sku: string; stock: number }[]
  media: Insert<typeof schema.productMedia>[]
  related: Insert<typeof schema.relatedProducts>[]
  bundleOptions: Insert<typeof schema.bundleOptions>[]
  sliders: Insert<typeof schema.homeSliders>[]
  settings: Insert<typeof schema.siteSettings>[]
  social: Insert<typeof schema.socialMedia>[]
  payments: Insert<typeof schema.paymentMethods>[]
}

/** One storefront section: a brand's main shop, or (is_child) its junior line. */
export interface Section {
  brand: BrandSpec
  isChild: boolean
}

/** A picture made of one garment in one colour (grid tiles, segment banners). */
export interface Picture {
  colour: ColourName
  kind: GarmentKind
}

/** A named group inside a category, with three banners of one garment. */
export interface Segment extends Picture {
  name: string
  members: Draft[]
}

/**
 * Collects the catalog rows and numbers them: ids count up per table, and priorities count up per
 * section, in the order things are added.
 */
export class CatalogBuilder {
  readonly rows: CatalogRows = {
    brands: [],
    categories: [],
    segments: [],
    menus: [],
    products: [],
    productCategories: [],
    variants: [],
    stock: [],
    media: [],
    related: [],
    bundleOptions: [],
    sliders: [],
    settings: [],
    social: [],
    payments: [],
  }

  private readonly ids = { category: 0, segment: 0, menu: 0, slider: 0, media: 0, social: 0 }

  /** A category with its products in order; with `grid`, also a tile on the home's category grid. */
  addCategory(section: Section, name: string, title: string, members: Draft[], grid?: Picture): number {
    const { brand, isChild } = section
    const id = ++this.ids.category
    this.rows.categories.push({
      id,
      idBrand: brand.id,
      name,
      title,
      isChild,
      priority:
        this.rows.categories.filter((c) => c.idBrand === brand.id && c.isChild === isChild).length + 1,
      urlImage: grid ? tileUrl(grid.colour, grid.kind, title) : '',
      inGrid: !!grid,
    })
    members.forEach((d, position) =>
      this.rows.productCategories.push({ categoryId: id, productCode: d.code, position }),
    )
    return id
  }

  /** The segments of a category, numbered through: one product list across all of them. */
  addSegments(categoryId: number, segments: Segment[]): void {
    let position = 0
    segments.forEach(({ name, colour, kind, members }, i) => {
      const id = ++this.ids.segment
      this.rows.segments.push({
        id,
        categoryId,
        name,
        img1: bannerUrl(1, colour, kind, name),
        img2: bannerUrl(2, colour, kind, name),
        img3: bannerUrl(3, colour, kind, name),
        priority: i + 1,
      })
      for (const d of members)
        this.rows.productCategories.push({
          categoryId,
          productCode: d.code,
          segmentId: id,
          position: position++,
        })
    })
  }

  /** A top-level menu entry opening a category, with its submenu entries as [name, category]. */
  addMenu(section: Section, name: string, categoryName: string, sub: [string, string][] = []): void {
    const { brand, isChild } = section
    const id = ++this.ids.menu
    const priority =
      this.rows.menus.filter((m) => m.idBrand === brand.id && m.isChild === isChild && !m.parentId).length + 1
    this.rows.menus.push({ id, idBrand: brand.id, parentId: null, name, categoryName, priority, isChild })
    sub.forEach(([subName, subCategory], i) =>
      this.rows.menus.push({
        id: ++this.ids.menu,
        idBrand: brand.id,
        parentId: id,
        name: subName,
        categoryName: subCategory,
        priority: i + 1,
        isChild,
      }),
    )
  }

  /** A home carousel: banners and the first eight products, linked to a category of `linkBrand`. */
  addSlider(
    section: Section,
    linkBrand: number,
    categoryName: string,
    title: string,
    banners: string[],
    members: Draft[],
  ): void {
    const { brand, isChild } = section
    this.rows.sliders.push({
      id: ++this.ids.slider,
      idBrand: brand.id,
      isChild,
      linkBrand,
      categoryName,
      title,
      urlImage: banners,
      productCodes: members.slice(0, 8).map((d) => d.code),
      priority: this.rows.sliders.filter((s) => s.idBrand === brand.id && s.isChild === isChild).length + 1,
    })
  }

  /** A product's gallery in order. */
  addMedia(productCode: string, media: { type: 'image' | 'video'; url: string; src: string }[]): void {
    media.forEach((m, position) =>
      this.rows.media.push({ id: ++this.ids.media, productCode, ...m, position }),
    )
  }

  /** A footer social link of a brand. */
  addSocial(idBrand: number, name: string, link: string, logo: string, position: number): void {
    this.rows.social.push({ id: ++this.ids.social, idBrand, name, link, logo, position })
  }
}
