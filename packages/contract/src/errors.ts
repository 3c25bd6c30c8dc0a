import { addressErrors, addressErrorsId } from './addresses/addresses.errors.ts'
import { alertErrors, alertErrorsId } from './alerts/alerts.errors.ts'
import { cartErrors, cartErrorsId } from './cart/cart.errors.ts'
import { catalogErrors, catalogErrorsId } from './catalog/catalog.errors.ts'
import { contentErrors, contentErrorsId } from './content/content.errors.ts'
import { httpErrors, httpErrorsId } from './http.errors.ts'
import { inventoryErrors, inventoryErrorsId } from './inventory/inventory.errors.ts'
import { mediaErrors, mediaErrorsId } from './media/media.errors.ts'
import { memberErrors, memberErrorsId } from './members/members.errors.ts'
import { orderLifecycleErrors, orderLifecycleErrorsId } from './order-lifecycle/order-lifecycle.errors.ts'
import { orderUpdateErrors, orderUpdateErrorsId } from './order-updates/order-updates.errors.ts'
import { orderErrors, orderErrorsId } from './orders/orders.errors.ts'
import { otpErrors, otpErrorsId } from './otp/otp.errors.ts'
import { paymentErrors, paymentErrorsId } from './payments/payments.errors.ts'
import { promotionErrors, promotionErrorsId } from './promotions/promotions.errors.ts'
import { returnErrors, returnErrorsId } from './returns/returns.errors.ts'
import { reviewErrors, reviewErrorsId } from './reviews/reviews.errors.ts'
import { searchErrors, searchErrorsId } from './search/search.errors.ts'
import { shippingErrors, shippingErrorsId } from './shipping/shipping.errors.ts'
import { staffErrors, staffErrorsId } from './staff/staff.errors.ts'
import { wishlistErrors, wishlistErrorsId } from './wishlist/wishlist.errors.ts'
import { say, type Localized, type MessageLanguage } from './language.ts'

/** One entry of the catalogue: the HTTP status, a one-line meaning for developers, the English message. */
export type ErrorEntry = { status: number; meaning: string; message: string }

/**
 * The error catalogue: every expected failure the API can answer, keyed by code.
 * Each entry has the HTTP status, a one-line meaning for developers and a default English message
 * a shopper can read; ERROR_MESSAGES_ID says it in Indonesian. The product's codes (docs/product/shopping.md
 * §8, account.md §8: CLE015, VER001, DVY001, SON006, SON001) keep the product's meaning.
 *
 * Each code lives with the module that raises it (issue 42): `<module>/<module>.errors.ts` beside
 * that API module's other contract files (apps/api/src/domains/<module>), exporting `<name>Errors`
 * (the entries) and `<name>ErrorsId` (their Indonesian texts, exactly one per code). A code several
 * modules raise lives with the one whose data it is about. The codes the HTTP layer answers rather
 * than a module (REQ, CLE, SRV: plugins, http.ts) live in `http.errors.ts`. This file only
 * assembles the parts; `errors.test.ts` checks that each code is declared in exactly one part.
 *
 * The STF (staff API) codes come in ranges that span modules; a new one takes the next free number
 * of its module's run: STF001-STF013 and STF230-STF234 staff, STF100-STF117 catalog, STF150-STF153
 * inventory, STF154-STF156 and STF162 promotions, STF157-STF161 order-updates, STF200-STF205 content,
 * STF210-STF215 shipping, STF220-STF222 members.
 */
export const errors = {
  ...httpErrors,
  ...catalogErrors,
  ...searchErrors,
  ...contentErrors,
  ...memberErrors,
  ...otpErrors,
  ...shippingErrors,
  ...orderErrors,
  ...orderLifecycleErrors,
  ...promotionErrors,
  ...paymentErrors,
  ...staffErrors,
  ...inventoryErrors,
  ...orderUpdateErrors,
  ...addressErrors,
  ...cartErrors,
  ...wishlistErrors,
  ...alertErrors,
  ...reviewErrors,
  ...mediaErrors,
  ...returnErrors,
} as const satisfies Record<string, ErrorEntry>

export type ErrorCode = keyof typeof errors

/**
 * The catalogue's messages in Indonesian, for requests whose Accept-Language asks for it (every code
 * has one: the type says so, and each part's type says so for its own codes).
 */
export const ERROR_MESSAGES_ID: Record<ErrorCode, string> = {
  ...httpErrorsId,
  ...catalogErrorsId,
  ...searchErrorsId,
  ...contentErrorsId,
  ...memberErrorsId,
  ...otpErrorsId,
  ...shippingErrorsId,
  ...orderErrorsId,
  ...orderLifecycleErrorsId,
  ...promotionErrorsId,
  ...paymentErrorsId,
  ...staffErrorsId,
  ...inventoryErrorsId,
  ...orderUpdateErrorsId,
  ...addressErrorsId,
  ...cartErrorsId,
  ...wishlistErrorsId,
  ...alertErrorsId,
  ...reviewErrorsId,
  ...mediaErrorsId,
  ...returnErrorsId,
}

/** A catalogue code's own message in both languages. */
export const catalogueMessage = (code: ErrorCode): Localized =>
  say(errors[code].message, ERROR_MESSAGES_ID[code])

/**
 * An expected business error: the API's error handler answers it with its catalogue status and its
 * message in the request's language. Without a message it says the catalogue's; a message of its
 * own must come in both languages (`say(en, id)`), except REQ001's, whose developer-facing field
 * messages are English (the same text answers every language).
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly details?: unknown
  /** What the shopper reads, in each language. */
  readonly text: Localized

  constructor(code: 'REQ001', message?: string | Localized, details?: unknown)
  constructor(code: Exclude<ErrorCode, 'REQ001'>, message?: Localized, details?: unknown)
  constructor(code: ErrorCode, message?: undefined, details?: unknown)
  constructor(code: ErrorCode, message?: string | Localized, details?: unknown) {
    const text =
      message === undefined
        ? catalogueMessage(code)
        : typeof message === 'string'
          ? say(message, message)
          : message
    super(text.en)
    this.name = 'AppError'
    this.code = code
    this.status = errors[code].status
    this.details = details
    this.text = text
  }

  /** The message in `lng`. */
  messageIn(lng: MessageLanguage): string {
    return this.text[lng]
  }
}
