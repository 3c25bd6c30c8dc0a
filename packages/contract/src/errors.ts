import { say, type Localized, type MessageLanguage } from './language.ts'

/**
 * The error catalogue: every expected failure the API can answer, keyed by code.
 * Each entry has the HTTP status, a one-line meaning for developers and a default English message
 * a shopper can read; ERROR_MESSAGES_ID says it in Indonesian. The product's codes (docs/product/shopping.md
 * §8, account.md §8: CLE015, VER001, DVY001, SON006, SON001) keep the product's meaning.
 */
export const errors = {
  // REQ: the request itself is malformed
  REQ001: {
    status: 400,
    meaning: 'A parameter or body field is missing or malformed',
    message: 'Invalid request',
  },
  REQ002: {
    status: 400,
    meaning: 'The brand id header is missing or not one of the group brands',
    message: 'Missing or invalid brand id header (x-brand-id must be one of 9, 5, 14, 18, 13, 17)',
  },
  REQ003: { status: 404, meaning: 'No API route matches the method and path', message: 'Route not found' },
  REQ004: {
    status: 415,
    meaning: 'The body is not in a supported content type',
    message: 'Unsupported content type',
  },
  REQ005: { status: 413, meaning: 'The body is larger than allowed', message: 'Request body too large' },
  REQ006: {
    status: 429,
    meaning: 'Too many requests from this client',
    message: 'Too many requests, please try again later',
  },
  REQ007: {
    status: 400,
    meaning: 'The URL cannot be decoded (a malformed percent-encoding), so no route can be matched',
    message: 'Malformed URL',
  },
  REQ008: {
    status: 414,
    meaning: 'A path segment is longer than the router accepts (maxParamLength)',
    message: 'URL too long',
  },

  // CAT: catalog
  CAT001: { status: 404, meaning: 'No product has this code', message: 'Product not found' },
  CAT002: { status: 404, meaning: 'No category has this name for this brand', message: 'Category not found' },
  CAT003: { status: 404, meaning: 'The search found nothing', message: 'Nothing Found' },

  // CNT: help, articles, content pages (decision 033)
  CNT001: {
    status: 404,
    meaning: 'No FAQ category has this category_code',
    message: 'Help category not found',
  },
  CNT002: {
    status: 404,
    meaning: 'No FAQ question has this slug (in the given category)',
    message: 'Question not found',
  },
  CNT003: { status: 404, meaning: 'No article has this slug', message: 'Article not found' },
  CNT004: { status: 404, meaning: 'No content page has this id', message: 'Page not found' },

  // CLE: client session
  CLE015: {
    status: 401,
    meaning: 'Wrong credentials; the client must NOT log the user out on this 401',
    message: 'Incorrect email or password',
  },
  CLE001: {
    status: 401,
    meaning: 'The token is missing, unknown, expired or revoked',
    message: 'Please log in again',
  },

  CLE016: {
    status: 403,
    meaning: 'The session may not do this (a guest by phone has no password; another customer id was given)',
    message: 'This action is not available for this account',
  },

  // MEM: members
  MEM001: {
    status: 409,
    meaning:
      'verify_otp: the phone is proven but the e-mail already has an account; the pending registration is dropped. ' +
      'register itself never says so (see domains/members/README.md)',
    message: 'This e-mail already has an account. Sign in or reset your password.',
  },
  MEM002: {
    status: 422,
    meaning: 'change_password: the current password is wrong (not a 401: the client must not log out)',
    message: 'Your current password is incorrect',
  },
  MEM003: {
    status: 404,
    meaning:
      'resend_otp: no live pending registration has this customer id (unknown, verified, expired after a day, ' +
      'or all its codes were sent); all answer alike. verify_otp answers such ids as a wrong code (OTP001)',
    message: 'This registration has expired or is already verified. Please register again or log in.',
  },

  // OTP: one-time codes
  OTP001: {
    status: 422,
    meaning: 'The code is wrong, expired, already used or no code was sent',
    message: 'The code is wrong or has expired',
  },
  OTP002: {
    status: 429,
    meaning: 'The code has had its maximum attempts: even the right code fails now; ask for a new one',
    message: 'Too many wrong attempts. Please request a new code.',
  },
  OTP003: {
    status: 429,
    meaning: 'Codes to this phone are slowed down: wait for Retry-After (growing waits, never a lock)',
    message: 'A code was just sent to this number. Please wait a moment before asking for another.',
  },
  OTP004: {
    status: 429,
    meaning: "The shop's hourly budget of codes is spent (OTP_HOURLY_BUDGET): retry after Retry-After",
    message: 'We cannot send codes right now. Please try again in a little while.',
  },
  MSG001: {
    status: 502,
    meaning: 'The messaging or mail provider refused or failed to take the message',
    message: 'We could not send the message. Please try again.',
  },

  // VER: verification
  VER001: {
    status: 403,
    meaning: 'The account is not verified yet: the client goes to the one-time code step',
    message: 'Your account is not verified yet. Please verify your phone number with a code.',
  },

  // DVY / SON: delivery and sales orders
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
  SON001: {
    status: 409,
    meaning: 'An unpaid order exists: the client shows the Info popup with See Order',
    message: 'You still have an unpaid order. Please complete or cancel it first.',
  },

  // PRM / PAY / IDM: vouchers, payment options and notifications, repeated checkout calls (decisions 018,
  // 020)
  PRM001: { status: 404, meaning: 'No voucher has this code', message: 'This voucher code does not exist' },
  PRM002: {
    status: 422,
    meaning: 'The voucher validity window has ended (shop clock, UTC+7)',
    message: 'This voucher has expired',
  },
  PRM003: {
    status: 422,
    meaning: 'The voucher validity window has not started yet (shop clock, UTC+7)',
    message: 'This voucher is not valid yet',
  },
  PRM004: {
    status: 422,
    meaning: "The lines' subtotal is below the voucher's minimum purchase (the message names the minimum)",
    message: 'Your order does not reach the minimum purchase for this voucher',
  },
  PRM005: {
    status: 409,
    meaning: 'Every use of the voucher (its total usage limit) is taken',
    message: 'This voucher has been fully used',
  },
  PRM006: {
    status: 409,
    meaning: 'The customer has already used this voucher (once per customer)',
    message: 'You have already used this voucher',
  },
  PAY001: {
    status: 422,
    meaning: 'id_payment is not one of the payment options offered now',
    message: 'Please choose one of the payment methods offered',
  },
  PAY002: {
    status: 401,
    meaning:
      "A payment notification's signature_key is not SHA-512(order_id + status_code + gross_amount + server key): nothing changed",
    message: 'Invalid notification signature',
  },
  PAY003: {
    status: 422,
    meaning: "A payment notification's gross_amount is not the order's total_bayar: nothing changed",
    message: 'The amount does not match the order',
  },
  PAY004: {
    status: 404,
    meaning: "A payment notification's order_id is no order's sales_order_number",
    message: 'Unknown order',
  },
  PAY005: {
    status: 503,
    meaning:
      'The payment provider could not be asked for the transaction status: nothing changed, the provider retries the notification',
    message: 'The payment provider is unreachable. Please try again in a moment.',
  },
  IDM001: {
    status: 422,
    meaning: 'The Idempotency-Key was already used for a checkout with another body',
    message: 'This checkout was already sent with different details. Please reload the page and try again.',
  },

  CHK001: {
    status: 409,
    meaning:
      "A ticked line's product, sku or qty differs from the bag line it names: the bag changed since the page loaded (the message names the field)",
    message: 'Your bag has changed. Please review it and try again.',
  },

  ORD001: {
    status: 404,
    meaning: "No order with this id belongs to the customer (another customer's order answers the same)",
    message: 'Order not found',
  },

  ORD002: {
    status: 409,
    meaning:
      'The order cannot make this move from its status (orders only move forward: Open → Paid → Delivery → Success; Cancel from Open or Paid); the message names both',
    message: 'This order cannot change to that status',
  },
  ORD003: {
    status: 409,
    meaning: 'The waybill number is already on another order',
    message: 'This waybill number is already used by another order',
  },
  ORD004: {
    status: 409,
    meaning: 'Recording a refund as paid on an order with no refund due (none owed, or already recorded)',
    message: 'No refund is due on this order',
  },

  // TRK: courier tracking
  TRK001: {
    status: 503,
    meaning: 'The courier tracking provider failed or timed out; the client may retry',
    message: 'Tracking is not available right now. Please try again in a moment.',
  },
  TRK002: {
    status: 404,
    meaning: 'No shipped order of this shop carries this waybill (or the order is not yet shipped)',
    message: 'No shipment found for this tracking number',
  },

  // STF: the staff API
  STF001: {
    status: 401,
    meaning: 'Staff login: unknown e-mail, wrong password or a disabled account (all answer alike)',
    message: 'Wrong e-mail or password',
  },
  STF002: {
    status: 401,
    meaning: 'A staff call without a live staff token (Authorization: Bearer)',
    message: 'Please sign in to the back office again',
  },
  STF003: {
    status: 403,
    meaning: "The staff member's role may not make this call",
    message: 'Your role does not allow this action',
  },
  STF004: {
    status: 401,
    meaning:
      'Staff login: the password is right but the account has a second factor and no code was sent (send totp)',
    message: 'Enter the code from your authenticator app',
  },
  STF005: {
    status: 401,
    meaning: 'Staff login or enabling the second factor: the authenticator code is wrong, expired or used',
    message: 'The authenticator code is wrong',
  },
  STF006: {
    status: 403,
    meaning:
      'A cookie-signed-in staff call that changes something without a valid x-csrf-token header (take it from GET …/auth/me)',
    message: 'Your back office page is out of date. Please reload it and try again.',
  },
  STF007: {
    status: 409,
    meaning:
      'The change would leave the shop without an active owner (the last owner cannot be disabled or demoted)',
    message: 'The shop needs at least one active owner',
  },
  STF008: {
    status: 404,
    meaning: 'No staff member with this id',
    message: 'Staff member not found',
  },
  STF009: {
    status: 409,
    meaning: 'An invitation to an e-mail that already has a staff account',
    message: 'This e-mail already has a staff account',
  },
  STF010: {
    status: 410,
    meaning: 'The invitation token is unknown, already used or older than 72 hours: the owner invites again',
    message: 'This invitation is no longer valid. Ask the owner for a new one.',
  },
  STF011: {
    status: 409,
    meaning: 'Second factor setup or enable while it is already on for the account',
    message: 'The second factor is already on for this account',
  },
  STF012: {
    status: 409,
    meaning: 'Enabling the second factor before POST …/auth/totp/setup made a secret',
    message: 'Set up the second factor first',
  },
  STF013: {
    status: 403,
    meaning:
      'The account signed in with the one-time password of the first start (issue 38): only …/auth/me, …/auth/logout and …/auth/password answer until a new password is chosen',
    message: 'Choose a new password before anything else',
  },

  // STF200-STF249: the back office's content, shipping-rate and member calls, and staff accounts
  STF200: {
    status: 409,
    meaning: 'Content create: a FAQ category, question, article or page with this code, slug or id exists',
    message: 'This code is already used. Choose another one.',
  },
  STF201: {
    status: 409,
    meaning: 'Deleting a FAQ category that still holds questions (move or delete them first)',
    message: 'This category still has questions. Move or delete them first.',
  },
  STF202: {
    status: 422,
    meaning:
      'A store map that is not an https embed of Google Maps or OpenStreetMap (decision 033: MAP_ENDPOINTS)',
    message: 'The map must be the embed code or link of Google Maps or OpenStreetMap',
  },
  STF203: { status: 404, meaning: 'No store with this id', message: 'Store not found' },
  STF204: {
    status: 422,
    meaning: 'The brand of a store is not in the brands table (not seeded)',
    message: 'This brand is not available',
  },
  STF205: {
    status: 409,
    meaning:
      "The about page ('about') cannot be deleted or created as a content page; edit it at …/content/about",
    message: 'The about page cannot be deleted. Edit its text instead.',
  },
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
  STF220: { status: 404, meaning: 'No customer with this id', message: 'Member not found' },
  STF221: {
    status: 409,
    meaning: 'Sending a code to a disabled member',
    message: 'This member is disabled. Enable them first.',
  },
  STF222: {
    status: 403,
    meaning:
      'Member sign-in (password or phone code) of an account staff disabled; shown after the right credentials only',
    message: 'This account has been disabled. Please contact our customer service.',
  },
  STF230: {
    status: 409,
    meaning: 'Resending an invitation the staff member already accepted (reset the password instead)',
    message: 'This invitation was already accepted',
  },
  STF231: {
    status: 409,
    meaning:
      "The owner's reset calls (password, second factor) on their own account: use one's own calls instead",
    message: 'Use your own account settings for this',
  },
  STF232: {
    status: 409,
    meaning:
      'Resetting the password of a staff member who has not accepted the invitation (resend it instead)',
    message: 'This staff member has not set a password yet. Resend the invitation instead.',
  },
  STF233: {
    status: 409,
    meaning: 'Turning off or clearing a second factor that is not on',
    message: 'The second factor is not on for this account',
  },
  STF234: {
    status: 401,
    meaning: "Turning one's own second factor off, or changing one's password, with a wrong current password",
    message: 'Wrong password',
  },
  // STF100-STF149: the staff catalogue (issue 14)
  STF100: {
    status: 404,
    meaning: 'Staff catalogue: no product with this code (drafts included)',
    message: 'Product not found',
  },
  STF101: {
    status: 409,
    meaning: 'Creating a product with a code another product already has (codes are case-insensitive)',
    message: 'A product with this code already exists',
  },
  STF102: {
    status: 404,
    meaning: 'Staff catalogue: no variant with this SKU on this product',
    message: 'Variant not found',
  },
  STF103: {
    status: 409,
    meaning: 'Adding a variant with a SKU another variant already has',
    message: 'A variant with this SKU already exists',
  },
  STF104: {
    status: 409,
    meaning:
      'Removing a variant that an open (unpaid or paid, not yet shipped) order or a shopper’s bag holds',
    message: 'This variant is in an open order or a shopping bag and cannot be removed',
  },
  STF105: {
    status: 422,
    meaning:
      'A bundle that breaks the rules: options must be other, non-bundle products; a bundle has exactly one variant (its own SKU)',
    message: 'This bundle is not valid',
  },
  STF106: {
    status: 422,
    meaning:
      'A related product, bundle option, slider product, category or parent menu named in the body does not exist (or belongs to another brand)',
    message: 'Something this change refers to does not exist',
  },
  STF107: {
    status: 415,
    meaning:
      'An upload whose bytes are not a JPEG, PNG, WebP or AVIF picture (whatever its name or declared type; SVG is refused)',
    message: 'The picture must be a JPEG, PNG, WebP or AVIF image',
  },
  STF108: {
    status: 413,
    meaning:
      'An upload over 10 MB, or whose header declares more than 40 megapixels (judged before decoding)',
    message: 'Each picture may be at most 10 MB and 40 megapixels',
  },
  STF109: {
    status: 409,
    meaning: 'A product already has 12 gallery items (pictures and videos)',
    message: 'This product already has the most pictures and videos it may hold',
  },
  STF110: {
    status: 404,
    meaning: 'No gallery item with this id on this product',
    message: 'Picture or video not found',
  },
  STF111: {
    status: 404,
    meaning: 'No category, menu entry, home slider or brand with this id',
    message: 'Not found',
  },
  STF112: {
    status: 409,
    meaning: 'A category name (its URL) the brand already uses',
    message: 'This brand already has a category with this name',
  },
  STF113: {
    status: 409,
    meaning: 'Publishing a product without a variant (it could not be bought)',
    message: 'Add at least one variant before publishing',
  },
  STF114: {
    status: 422,
    meaning: 'The media order does not name every gallery item of the product exactly once',
    message: 'Give every picture and video of the product, each once',
  },
  // STF150-STF199: stock, orders and vouchers of the back office
  STF150: { status: 404, meaning: 'No warehouse has this id', message: 'Warehouse not found' },
  STF151: { status: 404, meaning: 'No variant has this sku', message: 'SKU not found' },
  STF152: {
    status: 409,
    meaning: 'A stock change would leave on_hand below the units open orders hold (or below 0)',
    message: 'This would leave less stock than open orders hold',
  },
  STF153: {
    status: 400,
    meaning: 'A stock CSV import has bad rows (errors[] names each line); nothing was changed',
    message: 'The CSV has errors; nothing was imported',
  },
  STF154: { status: 404, meaning: 'No voucher has this id', message: 'Voucher not found' },
  STF155: {
    status: 409,
    meaning: 'Another voucher already has this code',
    message: 'This voucher code is taken',
  },
  STF156: {
    status: 409,
    meaning: 'A voucher usage_limit below the uses already counted',
    message: 'The usage limit is below the uses already counted',
  },
  // STF157-STF159: the messages to an order's buyer (issue 28, decision 048)
  STF157: {
    status: 404,
    meaning: "No message of this order has this id (another order's message answers the same)",
    message: 'Message not found',
  },
  STF158: {
    status: 409,
    meaning: 'Re-send of a message still pending or sending: only a sent or failed message is sent again',
    message: 'This message is still on its way; re-send it once it is sent or has failed',
  },
  STF159: {
    status: 409,
    meaning: 'Re-send while an earlier re-send of the same message is still pending or sending',
    message: 'This message is already being sent again',
  },
  // STF160-STF161: how often staff may re-send (issue 38); Retry-After says when it may go again
  STF160: {
    status: 429,
    meaning: 'Re-send of a message already re-sent 3 times in this clock hour',
    message: 'This message has already been re-sent 3 times this hour; try again later',
  },
  STF161: {
    status: 429,
    meaning:
      'Re-send to a phone number or e-mail address that already got 10 re-sent messages this day (UTC)',
    message: 'This recipient has already been re-sent 10 messages today; try again later',
  },

  // SHP: shipping rates
  SHP001: {
    status: 503,
    meaning:
      'The shipping rate provider failed or timed out: no fare is known, none is made up; the client may retry',
    message: 'We could not get the shipping rates right now. Please try again in a moment.',
  },

  // ADR: saved addresses and regions
  ADR001: {
    status: 404,
    meaning: "No address with this id belongs to the member (another member's id answers the same)",
    message: 'Address not found',
  },
  ADR002: {
    status: 422,
    meaning:
      'The region fields do not match: unknown district or sub-district, or kode_pos is not its zip_code',
    message: 'The address region does not match',
  },
  ADR003: {
    status: 403,
    meaning: 'A guest by phone has no saved addresses: the address is given at guest checkout',
    message: 'Saved addresses are available to registered members only',
  },
  ADR004: {
    status: 422,
    meaning: 'The member already keeps the most saved addresses allowed (MAX_ADDRESSES)',
    message: 'You have reached the maximum number of saved addresses',
  },

  // CRT / BND / WSH: the bag, bundles and the wishlist
  CRT001: {
    status: 404,
    meaning: "No bag line with this id belongs to the customer (another customer's line answers the same)",
    message: 'Item not found in your bag',
  },
  CRT002: {
    status: 422,
    meaning:
      'The bag would ask for more units of a variant than are in stock (lines and bundle parts summed)',
    message: 'Not enough stock for this item',
  },
  CRT003: {
    status: 422,
    meaning: 'The product or variant cannot be bought now: sold out or COMING-SOON',
    message: 'This product is not available to order',
  },
  CRT004: {
    status: 404,
    meaning:
      'The product is unknown, or no variant with this sku belongs to it (bundle parts: an unknown sku)',
    message: 'Product variant not found',
  },
  CRT005: {
    status: 422,
    meaning: 'The bag already holds MAX_CART_LINES lines, or a line would exceed MAX_LINE_QTY',
    message: 'Your bag is full',
  },
  BND001: {
    status: 422,
    meaning: 'The bundle holds fewer pieces than max_bundling (message: Pembelian belum mencapai {max} pcs)',
    message: 'Pembelian belum mencapai jumlah bundling',
  },
  BND002: {
    status: 422,
    meaning:
      'The bundle holds more pieces than max_bundling (message: Pembelian maksimal produk bundling ini adalah {max} pcs)',
    message: 'Pembelian maksimal produk bundling ini terlampaui',
  },
  BND003: {
    status: 422,
    meaning: 'A bundle component is not one of the bundle options, or its quantity breaks limit_qty_bundling',
    message: 'This product cannot be part of this bundle',
  },
  BND004: {
    status: 422,
    meaning:
      'The product is not a bundle (bundle value sent for a plain product, or a plain sku for a bundle)',
    message: 'This product is not a bundle',
  },
  WSH001: {
    status: 422,
    meaning: 'The wishlist already holds MAX_WISHLIST_ITEMS products',
    message: 'Your wishlist is full',
  },

  // ALR: a member's alerts, back in stock and price drop (issue 42)
  ALR001: {
    status: 404,
    meaning: "The caller has no alert with this id (another member's is not found either)",
    message: 'Alert not found',
  },
  ALR002: {
    status: 422,
    meaning: 'BACK_IN_STOCK for a size that can be bought now',
    message: 'This size is in stock: you can buy it now',
  },
  ALR003: {
    status: 422,
    meaning: 'The member already has MAX_ALERTS alerts waiting',
    message: 'You have too many alerts on. Turn some off in your wishlist first.',
  },
  ALR004: {
    status: 404,
    meaning: "sku_product is not one of the product's sizes",
    message: 'This size was not found',
  },

  // RVW: reviews by verified buyers (issue 13)
  RVW001: {
    status: 404,
    meaning:
      "No line of the caller's delivered orders has this id_rating (someone else's is not found either)",
    message: 'Review not found',
  },
  RVW002: {
    status: 409,
    meaning: 'This line has already been reviewed (once each)',
    message: 'You have already reviewed this product',
  },
  RVW003: {
    status: 415,
    meaning:
      'A photo is not really a JPEG, PNG or WebP picture (its bytes are checked, not its name), or it cannot be read',
    message: 'Photos must be JPEG, PNG or WebP pictures',
  },
  RVW004: {
    status: 413,
    meaning: 'A photo is larger than REVIEW_PHOTO_MAX_BYTES or REVIEW_PHOTO_MAX_PIXELS',
    message: 'Each photo must be at most 5 MB and 40 megapixels',
  },
  RVW005: {
    status: 422,
    meaning:
      'More than REVIEW_PHOTOS_MAX photos, a file under another name than img1 to img3, or a field sent twice',
    message: 'At most 3 photos can be sent, as img1, img2 and img3',
  },

  // MED: uploaded pictures kept in a bucket (STORAGE=s3, decision 046)
  MED001: {
    status: 503,
    meaning:
      'The bucket did not take an uploaded picture (unreachable, refused or slower than S3_TIMEOUT_MS): nothing was stored; the client may retry',
    message: 'We could not save the picture right now. Please try again in a moment.',
  },
  MED002: {
    status: 502,
    meaning:
      "The bucket did not answer for a stored picture (unreachable, refused or slower than S3_TIMEOUT_MS); the picture's row is kept",
    message: 'This picture cannot be shown right now. Please try again in a moment.',
  },

  // SRV: the server's own failure (never a client mistake)
  // RET: returns and size exchanges (issue 40)
  RET001: {
    status: 404,
    meaning:
      "No return (or order to return) of the caller's has this number or id; someone else's is not found either",
    message: 'Return not found',
  },
  RET002: {
    status: 409,
    meaning: 'The order has not been delivered yet (only a delivered order can be returned)',
    message: 'This order can be returned once it has been delivered',
  },
  RET003: {
    status: 409,
    meaning: "The return window (the shop's days after delivery) is over",
    message: 'The time to return this order is over',
  },
  RET004: {
    status: 422,
    meaning: 'A line is a final-sale product (no returns)',
    message: 'This product cannot be returned',
  },
  RET005: {
    status: 422,
    meaning:
      'A line asks for more units than the order holds less those already returned or asked for, or a sku the order does not hold',
    message: 'You cannot return more pieces than you bought',
  },
  RET006: {
    status: 422,
    meaning: 'A line with reason DEFECT, WRONG_ITEM or NOT_AS_PICTURED needs 1 to 3 photos',
    message: 'Please add a photo that shows the problem',
  },
  RET007: {
    status: 422,
    meaning:
      'A refund of an order paid by virtual account or bill payment needs refund_account (bank, number, holder)',
    message: 'Please give the bank account for your refund',
  },
  RET008: {
    status: 409,
    meaning:
      'The exchange size cannot be bought now (sold out, or not a size of the same product), or the line is a bundle (refund only)',
    message: 'That size is not available for an exchange',
  },
  RET009: {
    status: 409,
    meaning:
      "The return's state does not allow this action now (e.g. cancel after approval, receive before approval)",
    message: 'This return can no longer be changed this way',
  },
  RET010: {
    status: 422,
    meaning:
      'The receipt does not match the return: every line once, accepted_qty at most qty, a reason for units not accepted, an active warehouse',
    message: 'The count does not match the return',
  },
  RET011: {
    status: 422,
    meaning: "A bank-transfer refund needs the transfer's reference",
    message: "Please enter the transfer's reference",
  },
  RET012: {
    status: 502,
    meaning:
      'The payment provider refused or did not answer the refund; the return stays RECEIVED with its refund failed (retry)',
    message: 'The payment provider could not refund now. Please try again.',
  },
  SRV001: {
    status: 500,
    meaning: 'An unexpected error; logged with the request id',
    message: 'Something went wrong on our side',
  },
} as const satisfies Record<string, { status: number; meaning: string; message: string }>

export type ErrorCode = keyof typeof errors

/**
 * The catalogue's messages in Indonesian, for requests whose Accept-Language asks for it (every code
 * has one: the type says so). BND001/BND002 are the product's Indonesian words, as in English.
 */
export const ERROR_MESSAGES_ID: Record<ErrorCode, string> = {
  REQ001: 'Permintaan tidak valid',
  REQ002:
    'Header id merek tidak ada atau tidak valid (x-brand-id harus salah satu dari 9, 5, 14, 18, 13, 17)',
  REQ003: 'Rute tidak ditemukan',
  REQ004: 'Jenis konten tidak didukung',
  REQ005: 'Isi permintaan terlalu besar',
  REQ006: 'Terlalu banyak permintaan, silakan coba lagi nanti',
  REQ007: 'URL tidak valid',
  REQ008: 'URL terlalu panjang',
  CAT001: 'Produk tidak ditemukan',
  CAT002: 'Kategori tidak ditemukan',
  CAT003: 'Tidak ada hasil',
  CNT001: 'Kategori bantuan tidak ditemukan',
  CNT002: 'Pertanyaan tidak ditemukan',
  CNT003: 'Artikel tidak ditemukan',
  CNT004: 'Halaman tidak ditemukan',
  CLE015: 'Email atau kata sandi salah',
  CLE001: 'Silakan masuk kembali',
  CLE016: 'Tindakan ini tidak tersedia untuk akun ini',
  MEM001: 'Email ini sudah memiliki akun. Silakan masuk atau atur ulang kata sandi Anda.',
  MEM002: 'Kata sandi Anda saat ini salah',
  MEM003: 'Pendaftaran ini sudah kedaluwarsa atau sudah terverifikasi. Silakan daftar lagi atau masuk.',
  OTP001: 'Kode salah atau sudah kedaluwarsa',
  OTP002: 'Terlalu banyak percobaan yang salah. Silakan minta kode baru.',
  OTP003: 'Kode baru saja dikirim ke nomor ini. Mohon tunggu sebentar sebelum meminta kode lagi.',
  OTP004: 'Kami belum dapat mengirim kode saat ini. Silakan coba lagi beberapa saat lagi.',
  MSG001: 'Kami tidak dapat mengirim pesan. Silakan coba lagi.',
  VER001: 'Akun Anda belum terverifikasi. Silakan verifikasi nomor ponsel Anda dengan kode.',
  DVY001: 'Belum ada kurir yang mengirim ke alamat ini. Silakan pilih alamat pengiriman lain.',
  SON006: 'Silakan lengkapi alamat pengiriman Anda sebelum checkout',
  SON001: 'Anda masih memiliki pesanan yang belum dibayar. Silakan selesaikan atau batalkan terlebih dahulu.',
  PRM001: 'Kode voucher ini tidak ada',
  PRM002: 'Voucher ini sudah kedaluwarsa',
  PRM003: 'Voucher ini belum berlaku',
  PRM004: 'Pesanan Anda belum mencapai minimal pembelian untuk voucher ini',
  PRM005: 'Kuota voucher ini sudah habis',
  PRM006: 'Anda sudah pernah menggunakan voucher ini',
  PAY001: 'Silakan pilih salah satu metode pembayaran yang tersedia',
  PAY002: 'Tanda tangan notifikasi tidak valid',
  PAY003: 'Jumlah tidak sesuai dengan pesanan',
  PAY004: 'Pesanan tidak dikenal',
  PAY005: 'Penyedia pembayaran tidak dapat dihubungi. Silakan coba lagi sebentar lagi.',
  IDM001: 'Checkout ini sudah dikirim dengan data yang berbeda. Silakan muat ulang halaman dan coba lagi.',
  CHK001: 'Tas belanja Anda telah berubah. Silakan periksa kembali dan coba lagi.',
  ORD001: 'Pesanan tidak ditemukan',
  ORD002: 'Status pesanan ini tidak dapat diubah ke status tersebut',
  ORD003: 'Nomor resi ini sudah digunakan oleh pesanan lain',
  ORD004: 'Tidak ada pengembalian dana yang tertunda untuk pesanan ini',
  TRK001: 'Pelacakan sedang tidak tersedia. Silakan coba lagi sebentar lagi.',
  TRK002: 'Tidak ada pengiriman dengan nomor resi ini',
  STF001: 'Email atau kata sandi salah',
  STF002: 'Silakan masuk kembali ke back office',
  STF003: 'Peran Anda tidak mengizinkan tindakan ini',
  STF004: 'Masukkan kode dari aplikasi autentikator Anda',
  STF005: 'Kode autentikator salah',
  STF006: 'Halaman back office Anda sudah usang. Silakan muat ulang dan coba lagi.',
  STF007: 'Toko memerlukan setidaknya satu pemilik yang aktif',
  STF008: 'Staf tidak ditemukan',
  STF009: 'Email ini sudah memiliki akun staf',
  STF010: 'Undangan ini sudah tidak berlaku. Mintalah undangan baru kepada pemilik.',
  STF011: 'Faktor kedua sudah aktif untuk akun ini',
  STF012: 'Siapkan faktor kedua terlebih dahulu',
  STF013: 'Pilih kata sandi baru sebelum melakukan hal lain',
  STF200: 'Kode ini sudah dipakai. Pilih kode lain.',
  STF201: 'Kategori ini masih memiliki pertanyaan. Pindahkan atau hapus terlebih dahulu.',
  STF202: 'Peta harus berupa kode sematan atau tautan Google Maps atau OpenStreetMap',
  STF203: 'Toko tidak ditemukan',
  STF204: 'Merek ini tidak tersedia',
  STF205: 'Halaman tentang kami tidak dapat dihapus. Ubah teksnya saja.',
  STF210: 'Zona pengiriman tidak ditemukan',
  STF211: 'Layanan kurir tidak ditemukan',
  STF212: 'Layanan ini tidak memiliki tarif untuk zona ini',
  STF213: 'Wilayah ini sudah berada di zona lain. Hapus dari zona itu terlebih dahulu.',
  STF214: 'Wilayah ini tidak berada di zona ini',
  STF215: 'Tidak ada provinsi atau kota dengan id ini',
  STF220: 'Member tidak ditemukan',
  STF221: 'Member ini dinonaktifkan. Aktifkan terlebih dahulu.',
  STF222: 'Akun ini telah dinonaktifkan. Silakan hubungi layanan pelanggan kami.',
  STF230: 'Undangan ini sudah diterima',
  STF231: 'Gunakan pengaturan akun Anda sendiri untuk ini',
  STF232: 'Staf ini belum membuat kata sandi. Kirim ulang undangannya.',
  STF233: 'Faktor kedua tidak aktif untuk akun ini',
  STF234: 'Kata sandi salah',
  STF100: 'Produk tidak ditemukan',
  STF101: 'Produk dengan kode ini sudah ada',
  STF102: 'Varian tidak ditemukan',
  STF103: 'Varian dengan SKU ini sudah ada',
  STF104: 'Varian ini ada di pesanan yang masih berjalan atau di tas belanja sehingga tidak dapat dihapus',
  STF105: 'Paket bundling ini tidak valid',
  STF106: 'Data yang dirujuk oleh perubahan ini tidak ditemukan',
  STF107: 'Gambar harus berupa JPEG, PNG, WebP, atau AVIF',
  STF108: 'Setiap gambar maksimal 10 MB dan 40 megapiksel',
  STF109: 'Produk ini sudah memiliki jumlah gambar dan video maksimal',
  STF110: 'Gambar atau video tidak ditemukan',
  STF111: 'Data tidak ditemukan',
  STF112: 'Brand ini sudah memiliki kategori dengan nama ini',
  STF113: 'Tambahkan setidaknya satu varian sebelum menerbitkan',
  STF114: 'Sertakan setiap gambar dan video produk, masing-masing sekali',
  STF150: 'Gudang tidak ditemukan',
  STF151: 'SKU tidak ditemukan',
  STF152: 'Perubahan ini membuat stok lebih sedikit daripada yang ditahan pesanan terbuka',
  STF153: 'CSV berisi kesalahan; tidak ada yang diimpor',
  STF154: 'Voucher tidak ditemukan',
  STF155: 'Kode voucher ini sudah dipakai',
  STF156: 'Batas pemakaian lebih kecil daripada pemakaian yang sudah tercatat',
  STF157: 'Pesan tidak ditemukan',
  STF158: 'Pesan ini masih dalam pengiriman; kirim ulang setelah terkirim atau gagal',
  STF159: 'Pesan ini sudah sedang dikirim ulang',
  STF160: 'Pesan ini sudah dikirim ulang 3 kali dalam jam ini; coba lagi nanti',
  STF161: 'Penerima ini sudah dikirimi ulang 10 pesan hari ini; coba lagi nanti',
  SHP001: 'Kami tidak dapat mengambil ongkos kirim saat ini. Silakan coba lagi sebentar lagi.',
  ADR001: 'Alamat tidak ditemukan',
  ADR002: 'Wilayah alamat tidak sesuai',
  ADR003: 'Alamat tersimpan hanya tersedia untuk member terdaftar',
  ADR004: 'Anda telah mencapai batas jumlah alamat tersimpan',
  CRT001: 'Produk tidak ditemukan di tas belanja Anda',
  CRT002: 'Stok produk ini tidak mencukupi',
  CRT003: 'Produk ini tidak dapat dipesan',
  CRT004: 'Varian produk tidak ditemukan',
  CRT005: 'Tas belanja Anda sudah penuh',
  BND001: 'Pembelian belum mencapai jumlah bundling',
  BND002: 'Pembelian maksimal produk bundling ini terlampaui',
  BND003: 'Produk ini tidak dapat menjadi bagian dari paket bundling ini',
  BND004: 'Produk ini bukan produk bundling',
  WSH001: 'Wishlist Anda sudah penuh',
  ALR001: 'Pemberitahuan tidak ditemukan',
  ALR002: 'Ukuran ini tersedia: Anda bisa membelinya sekarang',
  ALR003: 'Pemberitahuan Anda terlalu banyak. Matikan beberapa di wishlist terlebih dahulu.',
  ALR004: 'Ukuran ini tidak ditemukan',
  RVW001: 'Ulasan tidak ditemukan',
  RVW002: 'Anda sudah mengulas produk ini',
  RVW003: 'Foto harus berupa gambar JPEG, PNG, atau WebP',
  RVW004: 'Setiap foto maksimal 5 MB dan 40 megapiksel',
  RVW005: 'Maksimal 3 foto dapat dikirim, sebagai img1, img2, dan img3',
  MED001: 'Kami tidak dapat menyimpan gambar saat ini. Silakan coba lagi sebentar lagi.',
  MED002: 'Gambar ini tidak dapat ditampilkan saat ini. Silakan coba lagi sebentar lagi.',
  RET001: 'Pengembalian tidak ditemukan',
  RET002: 'Pesanan ini dapat dikembalikan setelah diterima',
  RET003: 'Batas waktu pengembalian pesanan ini sudah lewat',
  RET004: 'Produk ini tidak dapat dikembalikan',
  RET005: 'Anda tidak dapat mengembalikan lebih banyak barang dari yang Anda beli',
  RET006: 'Tambahkan foto yang menunjukkan masalahnya',
  RET007: 'Masukkan rekening bank untuk pengembalian dana Anda',
  RET008: 'Ukuran tersebut tidak tersedia untuk penukaran',
  RET009: 'Pengembalian ini tidak dapat diubah dengan cara ini lagi',
  RET010: 'Jumlah yang dihitung tidak sesuai dengan pengembalian',
  RET011: 'Masukkan nomor referensi transfer',
  RET012: 'Penyedia pembayaran belum dapat mengembalikan dana. Silakan coba lagi.',
  SRV001: 'Terjadi kesalahan di sistem kami',
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
