import type { ColumnBaseConfig, ColumnDataType, Subquery } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

type Column<T> = PgColumn<ColumnBaseConfig<ColumnDataType, string> & { data: T; notNull: true }>

/**
 * The orders' lines a review belongs to, with their order's number and date, as a table this
 * module joins in its own statements (orders' `orderLinesView`). The reviews module cannot import
 * orders, which opens reviews when an order succeeds, so app.ts hands it to the routes (issue 42).
 */
export type OrderLines = Subquery & {
  idSalesLine: Column<number>
  productName: Column<string>
  ukuran: Column<string>
  idBrand: Column<number>
  image: Column<string>
  orderNumber: Column<string>
  orderDate: Column<Date>
}

/** What app.ts gives the reviews routes from other modules. */
export interface ReviewsOptions {
  orderLines: OrderLines
}
