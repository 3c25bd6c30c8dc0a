import type { ColumnBaseConfig, ColumnDataType, Subquery } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

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

/** What app.ts gives the promotions staff routes from other modules. */
export interface PromotionsOptions {
  orderHeaders: OrderHeaders
}
