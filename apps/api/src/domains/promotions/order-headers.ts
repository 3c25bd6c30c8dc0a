import type { ColumnBaseConfig, ColumnDataType, Subquery } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client.ts'

type Column<T> = PgColumn<ColumnBaseConfig<ColumnDataType, string> & { data: T; notNull: true }>

/**
 * The orders that took a voucher (number, status, amounts), as a table this module joins in its
 * own statements (orders' `orderHeadersView`). Promotions cannot import orders, whose checkout
 * redeems vouchers, so app.ts hands it to the staff routes (issue 42).
 */
export type OrderHeaders = Subquery & {
  idSalesHeader: Column<string>
  orderNumber: Column<string>
  status: Column<string>
  promoValue: Column<number>
  totalBayar: Column<number>
}

/**
 * Staff's brand ids, category ids and product codes checked against the catalog (catalog's
 * `catalogTargets`): catalog reaches promotions through content, so app.ts hands it over.
 */
export type CatalogTargets = (
  db: Db,
  wanted: { brands: readonly number[]; categories: readonly number[]; products: readonly string[] },
) => Promise<{
  unknownBrands: number[]
  unknownCategories: number[]
  unknownProducts: string[]
  products: string[]
}>

/** What app.ts gives the promotions staff routes from other modules. */
export interface PromotionsOptions {
  orderHeaders: OrderHeaders
  catalogTargets: CatalogTargets
}
