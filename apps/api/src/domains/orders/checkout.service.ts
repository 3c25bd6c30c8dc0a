import { createHash, randomInt, randomUUID } from 'node:crypto'
import { and, eq, ne, sql } from 'drizzle-orm'
import {
  AppError,
  REGION_MESSAGES,
  say,
  CHECKOUT_MESSAGES,
  CHECKOUT_WAREHOUSE_ID,
  linesSubtotal,
  orderTotal,
  shopClock,
  type DeliveryPackage,
  type GuestCheckoutBody,
  type MemberCheckoutBody,
  type OrderResult,
} from '@busana/contract/schemas'
import type { Db, Transaction } from '../../db/client.ts'
import { writeTogether } from '../../db/together.ts'
import { checkoutRequests, salesHeaders, salesLineComponents, salesLines } from '../../db/schema/index.ts'
import {
  checkoutPrecheck,
  notAvailable,
  orderedLines,
  orderedLinesRemoval,
  tickedSkus,
  type CheckoutPrecheck,
  type OrderedLine,
} from '../cart/index.ts'
import {
  claimRemoval,
  claimUnits,
  notEnoughStock,
  releaseClaim,
  takeClaimedStock,
  type SoldOutMemory,
} from '../inventory/index.ts'
import {
  activePaymentMethodJson,
  paymentMethodFromJson,
  productsInCategories,
  sizeNameOf,
} from '../catalog/index.ts'
import { orderEventInsert } from '../order-lifecycle/index.ts'
import { chargeClaimInsert, chargeOrder, type OrderToPay, type PaymentContext } from '../payments/index.ts'
import { primaryAddress, quotedPackages, type ShippingContext } from '../shipping/index.ts'
import { lockBuyerContacts } from '../members/index.ts'
import { districtPlaces, findAddressVillage } from '../regions/index.ts'
import { feeOf, offeredMethod } from './payment-options.ts'
import { applicableVoucher, countVoucherTry, redeemVoucher } from '../promotions/index.ts'
import { ordersPlaced, soldOutRefusals } from '../../metrics.ts'

/**
 * Placing an order (POST /orders/checkout_new and checkout_guest; decisions 018 and 019).
 *
 * Outside the transaction, what needs the network or may refuse cheaply: an Idempotency-Key seen
 * before answers its stored result (another body: 422 IDM001); a voucher code counts as a voucher
 * try (429 REQ006, the limits of POST /orders/promo); one read of the variants the ticked lines name
 * refuses a sold-out or unsellable one (422 CRT003: a sale's presses after the last unit end here,
 * issue 41) and weighs the parcel as the lines claim it (when it cannot, a bundle by its own sku, the
 * bag is read for it: CRT001, CHK001, CRT002, CRT003); the destination
 * (member: the primary address, SON006; guest: the form's district, sub-district and postal code,
 * ADR002) is priced by the shipping provider (DVY001, SHP001) and the chosen service must be one
 * it offers (422 naming id_delivery_method).
 *
 * Then one transaction: the customer row is locked (orders and bag changes of one customer queue)
 * and the buyer read with it, the key is checked again, an unpaid order is 409 SON001, a guest
 * without the e-mail the phone's account needs is 422 REQ001, the ticked lines are read from the
 * customer's bag (CRT001, CHK001, CRT002, CRT003) and must weigh what was priced
 * (409 CHK001 otherwise), the payment method must be offered (PAY001), the voucher applicable
 * (PRM001-PRM010; a voucher with rules counts only its brands', categories' or products' lines,
 * decision 058); every amount is computed here from the database (the client's are never read);
 * the order and its lines are written, the lines removed from the bag and the key's answer stored;
 * last, so that the rows every shopper of a sale wants stay locked only until the commit, the stock
 * is taken with one conditional update per variant (CRT002) and the voucher use counted
 * (PRM005/PRM006/PRM010). Any refusal rolls everything back.
 *
 * After the commit the order is charged at the payment provider (decision 020): a provider failure
 * is stored and retried when the order is read, never undoing the order or changing the answer.
 */

/**
 * What placing an order needs: the shipping provider to price, the payment provider to charge, and
 * this process's memory of the sizes sold out (inventory's sold-out.ts), when it keeps one.
 */
export type CheckoutContext = ShippingContext & PaymentContext & { soldOut?: SoldOutMemory }

export interface CheckoutCustomer {
  idPelanggan: number
  isGuest: boolean
  /** The caller's address (request.ip), for the voucher try limits. */
  address: string
  /** The language the shopper ordered in (Accept-Language): the order's updates are written in it. */
  language?: 'en' | 'id'
}

type Body = MemberCheckoutBody | GuestCheckoutBody
const isGuestBody = (body: Body): body is GuestCheckoutBody => 'buyer_name' in body

/** Where the parcel goes, with the names the order keeps. */
interface Recipient {
  penerima: string
  hpPenerima: string
  alamatLengkap: string
  destinationCode: string
  idAddressVillage: string | null
  subdistrict: string
  district: string
  city: string
  province: string
  kodePos: string
  cityId: string
  provinceId: string
}

/** The member's primary address as the order's recipient (SON006 when missing or incomplete). */
async function memberRecipient(db: Db, idPelanggan: number): Promise<Recipient> {
  const a = await primaryAddress(db, idPelanggan)
  return {
    penerima: a.penerima,
    hpPenerima: a.hp_penerima,
    alamatLengkap: a.alamat_lengkap,
    destinationCode: a.destination_code,
    idAddressVillage: a.id_address_village,
    subdistrict: a.village,
    district: a.district,
    city: a.city,
    province: a.province,
    kodePos: a.kode_pos,
    cityId: a.city_id,
    provinceId: a.province_id,
  }
}

/**
 * The guest form's recipient: the district (destination_code) must exist; its sub-district
 * (id_address_village, or else the one whose postal code kode_pos is) must lie in it and have
 * kode_pos as its postal code. 422 ADR002 naming the field otherwise.
 */
async function guestRecipient(db: Db, body: GuestCheckoutBody): Promise<Recipient> {
  // The regions' subquery of districts with their city and province: still one statement.
  const [district] = await db
    .select({
      name: districtPlaces.district,
      city: districtPlaces.city,
      cityId: districtPlaces.cityId,
      province: districtPlaces.province,
      provinceId: districtPlaces.provinceId,
    })
    .from(districtPlaces)
    .where(eq(districtPlaces.districtId, body.destination_code))
    .limit(1)
  if (!district) throw new AppError('ADR002', REGION_MESSAGES.unknownDistrict)
  const village = await findAddressVillage(
    db,
    body.id_address_village
      ? { villageId: body.id_address_village }
      : { districtId: body.destination_code, zipCode: body.kode_pos },
  )
  if (!village) {
    throw new AppError(
      'ADR002',
      body.id_address_village ? REGION_MESSAGES.unknownVillage : REGION_MESSAGES.postalNotOfDistrict,
    )
  }
  if (village.districtId !== body.destination_code) {
    throw new AppError('ADR002', REGION_MESSAGES.villageNotInDistrict)
  }
  if (village.zipCode !== body.kode_pos) {
    throw new AppError('ADR002', REGION_MESSAGES.postalNotOfVillage)
  }
  return {
    penerima: body.penerima,
    hpPenerima: body.hp_penerima,
    alamatLengkap: body.alamat_lengkap,
    destinationCode: body.destination_code,
    idAddressVillage: village.id,
    subdistrict: village.name,
    district: district.name,
    city: district.city,
    province: district.province,
    kodePos: body.kode_pos,
    cityId: district.cityId,
    provinceId: district.provinceId,
  }
}

/** Crockford's base 32 without I, L, O and U: no letter reads as a digit. */
const ORDER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'

/**
 * An order number: 'BSN-' + the shop's date (YYMMDD, UTC+7) + '-' + 8 random characters (40 bits
 * from crypto.randomInt): readable on the phone, unguessable, never a sequence.
 */
export function newOrderNumber(now: number): string {
  const day = shopClock(now).toISOString().slice(2, 10).replaceAll('-', '')
  let tail = ''
  for (let i = 0; i < 8; i++) tail += ORDER_ALPHABET[randomInt(ORDER_ALPHABET.length)]
  return `BSN-${day}-${tail}`
}

/** The stored answer of an earlier call with this key: the same body answers it, another IDM001. */
async function replay(
  db: Db,
  idPelanggan: number,
  key: string | undefined,
  hash: string,
): Promise<OrderResult | null> {
  if (!key) return null
  const [seen] = await db
    .select({ hash: checkoutRequests.requestHash, response: checkoutRequests.response })
    .from(checkoutRequests)
    .where(and(eq(checkoutRequests.idPelanggan, idPelanggan), eq(checkoutRequests.idempotencyKey, key)))
    .limit(1)
  return answerOf(seen, hash)
}

/** A stored call's answer for a call with body `hash`: the same body gets it, another IDM001. */
function answerOf(
  seen: { hash: string; response: unknown } | null | undefined,
  hash: string,
): OrderResult | null {
  if (!seen) return null
  if (seen.hash !== hash) throw new AppError('IDM001')
  return seen.response as OrderResult
}

/**
 * Locks the customer's row for the order's transaction, as the bag's changes do (cart's
 * `lockCustomer`: the bag and its orders queue on it), and answers the buyer's name and contacts,
 * the number of their unpaid order (SON001), if any, and the stored call of the Idempotency-Key
 * `key` (read again under the lock), in the same statement. 401 CLE001 when the customer is gone.
 */
async function lockBuyer(tx: Transaction, idPelanggan: number, key: string | undefined, idPayment: number) {
  // Members' lock of the buyer's row reads these in its statement: of the orders' own tables, and
  // the payment method as the catalog words it. Not the bag: a statement that waited for the lock
  // reads from the snapshot it started with, so what another press or a bag change committed
  // meanwhile is read after the lock, by a statement of its own (`orderedLines`). The open order and
  // the key's stored call read here can miss a press of the same customer that committed while
  // this one waited; that press took its lines from the bag (CRT001 then, answered by the key's
  // late look in placeOrder) or holds the one Open order (its unique index, SON001).
  const buyer = await lockBuyerContacts(tx, idPelanggan, {
    method: activePaymentMethodJson(idPayment),
    openOrder: sql<string | null>`(select o.sales_order_number from sales_headers o
        where o.id_pelanggan = ${idPelanggan} and o.status = 'Open' limit 1)`,
    earlier: key
      ? sql<{ hash: string; response: unknown } | string | null>`(select
            json_build_object('hash', r.request_hash, 'response', r.response) from checkout_requests r
            where r.id_pelanggan = ${idPelanggan} and r.idempotency_key = ${key})`
      : sql<null>`null`,
  })
  if (!buyer) throw new AppError('CLE001')
  return buyer
}

/**
 * Has the customer (a member, or a guest: one customer per verified phone) an order that is not
 * cancelled? A first-order voucher's question (PRM009, decision 058), asked only for one.
 */
export async function hasOrderNotCancelled(db: Db, idPelanggan: number): Promise<boolean> {
  const [row] = await db
    .select({ id: salesHeaders.idSalesHeader })
    .from(salesHeaders)
    .where(and(eq(salesHeaders.idPelanggan, idPelanggan), ne(salesHeaders.status, 'Cancel')))
    .limit(1)
  return !!row
}

/** SON001 when the customer has an unpaid (Open) order, naming its number. */
async function refuseWhenUnpaid(db: Db, idPelanggan: number): Promise<void> {
  const [open] = await db
    .select({ number: salesHeaders.salesOrderNumber })
    .from(salesHeaders)
    .where(and(eq(salesHeaders.idPelanggan, idPelanggan), eq(salesHeaders.status, 'Open')))
    .limit(1)
  if (open) throw unpaidOrder(open.number)
}

/** 409 SON001 naming the unpaid order. */
const unpaidOrder = (number: string) =>
  new AppError(
    'SON001',
    say(
      `You still have an unpaid order (${number}). Please pay it or wait until it expires before placing a new one.`,
      `Anda masih memiliki pesanan yang belum dibayar (${number}). Silakan bayar atau tunggu hingga kedaluwarsa sebelum membuat pesanan baru.`,
    ),
  )

/** A unique violation of the one-Open-order index (a race the customer lock already prevents). */
function isOpenOrderConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  const code = e?.code ?? e?.cause?.code
  const constraint = e?.constraint ?? e?.cause?.constraint
  return code === '23505' && (constraint === undefined || constraint === 'sales_headers_one_open_uq')
}

/**
 * Places the order of a member (checkout_new) or a guest by phone (checkout_guest) and answers
 * its id. `key` is the Idempotency-Key header, if any.
 */
export async function placeOrder(
  ctx: CheckoutContext,
  customer: CheckoutCustomer,
  body: Body,
  key: string | undefined,
  now = Date.now(),
): Promise<OrderResult> {
  const { db } = ctx
  const id = customer.idPelanggan
  // The body's hash answers a key's later presses: without a key there is nothing to compare.
  const hash = key
    ? createHash('sha256')
        .update(JSON.stringify({ guest: customer.isGuest, body }))
        .digest('hex')
    : ''
  const earlier = await replay(db, id, key, hash)
  if (earlier) return earlier
  // A voucher code is a guess like one of POST /orders/promo, counted under the same limits
  // before anything else (issue 26 item 1); a key's replay above tried nothing new.
  if (body.use_promo && body.kode_promo) await countVoucherTry(db, id, customer.address)
  try {
    return await placeOnce({ ctx, customer, body, key, hash, now })
  } catch (error) {
    // A press with the same key may have committed after our first look: its bag lines are gone
    // and its order is Open, so this one's checks refuse. The shopper pressed once; answer the
    // order that press placed.
    const late = error instanceof AppError ? await replay(db, id, key, hash) : null
    if (late) return late
    throw error
  }
}

/** A PAY NOW press being placed: what placeOrder knows of it (`hash` is its body's, for the key). */
interface Press {
  ctx: CheckoutContext
  customer: CheckoutCustomer
  body: Body
  key: string | undefined
  hash: string
  now: number
}

/** One try at placing the order, after the key was looked up (see placeOrder). */
async function placeOnce(press: Press): Promise<OrderResult> {
  const { ctx, customer, body, now } = press
  const { db, soldOut } = ctx
  const id = customer.idPelanggan
  if (soldOut) await refuseRemembered(soldOut, body)
  // One read of the named variants: a sold-out press is refused here (issue 41), and the parcel's
  // weight it answers prices the courier before the transaction. The bag itself is read once,
  // inside the transaction. A size it reads at 0 is remembered for the presses after this one.
  const readMark = soldOut?.mark() ?? 0
  const first = await checkoutPrecheck(
    db,
    body.products,
    soldOut && ((sku, variant) => soldOut.remember(sku, variant, readMark)),
  )
  const weightGrams = first?.weightGrams ?? (await orderedLines(db, id, body.products)).weightGrams
  // The units are claimed now, in one short statement, so that a sale's stock reads 0 as soon as
  // its last unit is claimed (issue 41): the presses after it end at their first read. The
  // transaction turns the claim into the order's units; any other end gives it back.
  const demand = first?.demand
  const claimMark = soldOut?.mark() ?? 0
  let claim = demand ? await claimUnits(db, id, demand) : null
  // Short: refused at once when the claim's own read found none left (the size was sold out while
  // the press ran, so no free unit is refused; remembered as the first read's zeros are);
  // otherwise from a fresh read, unless the units came back meanwhile (then one more try).
  if (demand && claim && claim.short.length > 0) {
    const sku = claim.short[0]!
    const named = first?.variants.get(sku)
    if (claim.shortStock === 0 && named) {
      soldOut?.remember(sku, named, claimMark)
      throw notAvailable(named)
    }
    await refuseShort(db, body, sku, demand, false)
    claim = await claimUnits(db, id, demand)
    if (claim.short.length > 0) await refuseShort(db, body, claim.short[0]!, demand, true)
  }
  let claimed = claim?.keys ?? []
  try {
    const units = claimed.length > 0 && demand ? demand : undefined
    const { result, header } = await placeClaimed(press, weightGrams, {
      keys: claimed,
      units,
      precheck: first ?? undefined,
    })
    // Written: the claim is the order's units now.
    if (header) claimed = []
    await chargeOrder(ctx, result.id_sales_header, now, header)
    return result
  } finally {
    if (claimed.length > 0) await releaseClaim(db, claimed)
  }
}

/**
 * 422 CRT003 for a press naming a size this process remembers sold out, once a fence sent after the
 * press arrived has come back with the size still remembered (inventory's sold-out.ts: it was sold
 * out at a moment of the press, so no free unit is refused). Returns when nothing is remembered or
 * the fence cannot be heard: the press is read as before.
 */
async function refuseRemembered(soldOut: SoldOutMemory, body: Body): Promise<void> {
  const skus = tickedSkus(body.products)
  if (!soldOut.soldOutAmong(skus) || !(await soldOut.fence())) return
  const still = soldOut.soldOutAmong(skus)
  if (!still) return
  soldOutRefusals.inc()
  throw notAvailable(still.names)
}

/**
 * The press's claim found too few units of `sku`, read again: 422 CRT003 when none are left (the
 * precheck's refusal), CRT002 naming the units left when fewer than `demand` asks (as takeStock
 * words it). When they are enough again it returns, unless `always`.
 */
async function refuseShort(
  db: Db,
  body: Body,
  sku: string,
  demand: ReadonlyMap<string, number>,
  always: boolean,
): Promise<void> {
  const variant = (await checkoutPrecheck(db, body.products))?.variants.get(sku)
  if (!always && variant && variant.stock >= (demand.get(sku) ?? 0)) return
  throw new AppError(
    'CRT002',
    notEnoughStock(variant ? `${variant.productName} (${variant.ukuran})` : sku, variant?.stock ?? 0),
  )
}

/**
 * placeOnce after the claim (`claimed`: its hold keys and units per sku): the destination, its fare
 * and the order's transaction. Answers the order and, when this try wrote it (not a replay), the
 * row it wrote.
 */
async function placeClaimed(
  press: Press,
  weightGrams: number,
  claimed: {
    keys: readonly string[]
    units: ReadonlyMap<string, number> | undefined
    /** What the press's first read found of its lines (orderedLines may use it instead of reading again). */
    precheck: CheckoutPrecheck | undefined
  },
): Promise<{ result: OrderResult; header?: OrderToPay }> {
  const { ctx, customer, body, key, hash, now } = press
  const { db } = ctx
  const id = customer.idPelanggan
  const recipient = isGuestBody(body) ? await guestRecipient(db, body) : await memberRecipient(db, id)
  const { packages, codes } = await quotedPackages(
    ctx,
    {
      districtId: recipient.destinationCode,
      cityId: recipient.cityId,
      provinceId: recipient.provinceId,
      postalCode: recipient.kodePos,
    },
    weightGrams,
  )
  const service: DeliveryPackage | undefined = packages.find((p) => p.id === body.id_delivery_method)
  if (!service) {
    const message = say(
      "Invalid body field 'id_delivery_method': this courier service does not deliver to this address",
      "Kolom 'id_delivery_method' tidak valid: layanan kurir ini tidak mengirim ke alamat ini",
    )
    throw new AppError('REQ001', message, [
      { field: 'id_delivery_method', message: 'is not offered for this address' },
    ])
  }

  let result: OrderResult
  /** The order's row as written, for the charge after the commit. */
  let header: OrderToPay | undefined
  /** Set when this try wrote the order (not a replay): counted once the transaction has committed. */
  let placed: { channel: 'member' | 'guest'; payment: string } | null = null
  try {
    result = await db.transaction(async (tx) => {
      const buyer = await lockBuyer(tx, id, key, body.id_payment)
      // PGlite answers json as text, PostgreSQL as parsed.
      const again = answerOf(
        typeof buyer.earlier === 'string' ? JSON.parse(buyer.earlier) : buyer.earlier,
        hash,
      )
      if (again) return again
      if (buyer.openOrder) throw unpaidOrder(buyer.openOrder)
      if (isGuestBody(body) && buyer.needEmail && body.buyer_email === '') {
        throw new AppError('REQ001', CHECKOUT_MESSAGES.emailRequired, [
          { field: 'buyer_email', message: CHECKOUT_MESSAGES.emailRequired.en },
        ])
      }
      const ordered = await orderedLines(tx, id, body.products, {
        claimed: claimed.units,
        known: claimed.precheck,
      })
      const { lines, demand } = ordered
      if (ordered.weightGrams !== weightGrams) {
        throw new AppError(
          'CHK001',
          say(
            'Your bag changed while you were checking out. Please review it and try again.',
            'Tas belanja Anda berubah saat checkout. Silakan periksa kembali dan coba lagi.',
          ),
        )
      }
      const method = offeredMethod(paymentMethodFromJson(buyer.method))
      const subtotal = linesSubtotal(lines)
      const voucher = body.use_promo
        ? await applicableVoucher(tx, body.kode_promo!, {
            idPelanggan: id,
            lines,
            delivery: service.tarif,
            now,
            hasOrders: () => hasOrderNotCancelled(tx, id),
            inCategories: (codes, categoryIds) => productsInCategories(tx, codes, categoryIds),
          })
        : null
      if (voucher && body.id_promo && body.id_promo !== voucher.voucher.id) {
        throw new AppError('REQ001', "Invalid body field 'id_promo': does not match kode_promo", [
          { field: 'id_promo', message: 'does not match kode_promo' },
        ])
      }
      const promo = voucher?.discount ?? 0
      const beforeFee = Math.max(0, subtotal + service.tarif + service.packing_fee - promo)
      const fee = feeOf(method, beforeFee)
      const total = orderTotal({
        subtotal,
        delivery: service.tarif,
        packing: service.packing_fee,
        payment_fee: fee,
        promo,
      })

      const idSalesHeader = randomUUID()
      const row = {
        idSalesHeader,
        salesOrderNumber: newOrderNumber(now),
        idPelanggan: id,
        isGuest: customer.isGuest,
        language: customer.language ?? 'en',
        status: 'Open',
        idBrand: lines[0]?.idBrand ?? null,
        idWarehouse: CHECKOUT_WAREHOUSE_ID,
        buyerName: isGuestBody(body) ? body.buyer_name : buyer.nama,
        buyerEmail: isGuestBody(body) ? body.buyer_email || null : buyer.email,
        buyerPhone: buyer.hp,
        subtotal,
        biayaKirim: service.tarif,
        packingFee: service.packing_fee,
        paymentFee: fee,
        promoValue: promo,
        totalBayar: total,
        idDeliveryMethod: service.id,
        paket: `${service.provider} ${service.name}`,
        // The courier's stable code ('jne:reg'): tracking asks the courier by it (decision 021).
        courierCode: codes.get(service.id) ?? `${service.provider}:${service.name}`.toLowerCase(),
        etdMin: service.etd_min,
        etdMax: service.etd_max,
        weightGrams: ordered.weightGrams,
        penerima: recipient.penerima,
        hpPenerima: recipient.hpPenerima,
        alamatLengkap: recipient.alamatLengkap,
        destinationCode: recipient.destinationCode,
        idAddressVillage: recipient.idAddressVillage,
        subdistrict: recipient.subdistrict,
        district: recipient.district,
        city: recipient.city,
        province: recipient.province,
        kodePos: recipient.kodePos,
        idPayment: method.id,
        paymentName: method.name,
        paymentCode: method.code,
        paymentCategory: method.category,
        paymentLogo: method.logo,
        idPromo: voucher?.voucher.id ?? null,
        kodePromo: voucher?.voucher.code ?? null,
        orderDate: new Date(now),
        expiredTime: new Date(now + method.expiryMinutes * 60_000),
      } satisfies typeof salesHeaders.$inferInsert
      const result: OrderResult = { id_sales_header: idSalesHeader }
      const bundles = lines.some((line) => line.components.length > 0)
      // The order, its lines, its first event, the bag's lines it took, the key's answer, the
      // claim's holds and the charge's claim: one statement (db/together.ts), each part built by
      // the module that owns its table. A sale's order pays one round trip here instead of seven
      // (issue 41).
      const written = await writeTogether(
        tx,
        {
          header: tx.insert(salesHeaders).values(row),
          lines: linesInsert(tx, idSalesHeader, lines, bundles),
          event: orderEventInsert(tx, idSalesHeader, null, 'Open', 'customer', now),
          bag: orderedLinesRemoval(
            tx,
            id,
            lines.map((line) => line.idLine),
          ),
          key: key
            ? tx.insert(checkoutRequests).values({
                idPelanggan: id,
                idempotencyKey: key,
                requestHash: hash,
                idSalesHeader,
                response: result,
              })
            : null,
          holds: claimRemoval(tx, claimed.keys),
          charge: chargeClaimInsert(tx, idSalesHeader, ctx.payments.name, now),
        },
        bundles ? ['lines', 'holds'] : ['holds'],
      )
      if (bundles) await writeParts(tx, lines, written.lines)
      header = row
      // Last, just before the commit: a sale's variant row (and a voucher's row) is the row every
      // shopper wants, and its lock is held from this update until the commit, so every statement
      // after it would lengthen the queue behind it (decision 019, `npm run bench:rush`). The lock
      // order is unchanged: sellable stock rows in sku order, then the voucher. A size that ran out
      // is named by the catalog's words (`sizeNameOf`, inside inventory's statement).
      await takeClaimedStock(tx, claimed.keys, demand, sizeNameOf, written.holds)
      if (voucher) {
        await redeemVoucher(tx, voucher.voucher.id, id, idSalesHeader, voucher.voucher.per_customer_limit)
      }
      placed = { channel: customer.isGuest ? 'guest' : 'member', payment: method.category }
      return result
    })
  } catch (error) {
    if (isOpenOrderConflict(error)) await refuseWhenUnpaid(db, id)
    throw error
  }
  if (!placed) return { result }
  ordersPlaced.inc(placed)
  return { result, header }
}

/** The order's lines, built and not run (with their ids when a bundle line's parts need them). */
function linesInsert(
  tx: Transaction,
  idSalesHeader: string,
  lines: readonly OrderedLine[],
  withIds: boolean,
) {
  const insert = tx.insert(salesLines).values(
    lines.map((line, position) => ({
      idSalesHeader,
      position,
      productCode: line.productCode,
      skuProduct: line.skuProduct,
      productMasterName: line.productName,
      ukuran: line.ukuran,
      idBrand: line.idBrand,
      quantity: line.qty,
      hargaJual: line.price,
      urlImage: line.image,
      isBundling: line.components.length > 0,
    })),
  )
  return withIds ? insert.returning({ id: salesLines.id, position: salesLines.position }) : insert
}

/** A bundle line's parts, under the lines `written` (their `id` and `position`, as the database names them). */
async function writeParts(
  tx: Transaction,
  lines: readonly OrderedLine[],
  written: readonly Record<string, unknown>[],
): Promise<void> {
  const parts = written.flatMap((row) =>
    lines[Number(row.position)]!.components.map((part) => ({
      idSalesLine: Number(row.id),
      skuProduct: part.skuProduct,
      productMasterName: part.productName,
      ukuran: part.ukuran,
      qty: part.qty,
    })),
  )
  if (parts.length > 0) await tx.insert(salesLineComponents).values(parts)
}
