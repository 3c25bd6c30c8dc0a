import {
  needsPhotos,
  REFUND_ACCOUNT_NUMBER_PATTERN,
  RETURN_COURIER_PATTERN,
  RETURN_PHOTOS_MAX,
  SHOP_TIME_ZONE,
  WAYBILL_PATTERN,
  type CreateReturnBody,
  type ReturnOptions,
  type ReturnReason,
  type ReturnResolution,
  type ReturnStatus,
} from '@busana/contract'

/*
 * The return request form's own logic (issue 40): the draft the
 * shopper fills in, what is still missing in it, the request body made of it, and where a refusal
 * of the API shows. The field shapes are the contract's (its zod-free core, decision 012), so the
 * browser refuses what the API's schema would.
 */

export type ReturnOptionLine = ReturnOptions['lines'][number]

/** One order line in the form: how many units go back (0: none), why, and (EXCHANGE) the size wanted. */
export interface LineDraft {
  qty: number
  reason: ReturnReason | ''
  exchangeSku: string
}

export interface ReturnDraft {
  resolution: ReturnResolution
  lines: Record<string, LineDraft>
  photos: File[]
  account: { bank: string; number: string; holder: string }
  note: string
}

/** Where a problem shows: `lines` (nothing chosen), `line:<sku>:qty|reason|exchange`, `photos`, `account:<field>`, `note`, `form`. */
export type ProblemField = string
/** A problem's translation key under `form.problems` in the returns strings. */
export type Problems = Partial<Record<ProblemField, string>>

export const NOTE_MAX = 500

/** The empty draft of an order: nothing chosen, a refund. */
export function emptyDraft(lines: readonly ReturnOptionLine[]): ReturnDraft {
  return {
    resolution: 'REFUND',
    lines: Object.fromEntries(
      lines.map((line) => [line.sku_product, { qty: 0, reason: '', exchangeSku: '' }]),
    ),
    photos: [],
    account: { bank: '', number: '', holder: '' },
    note: '',
  }
}

/** The lines a shopper can pick: some units still returnable (final-sale lines show apart, without a choice). */
export const pickableLines = (lines: readonly ReturnOptionLine[]) =>
  lines.filter((line) => line.returnable_qty > 0 && !line.final_sale)

/**
 * Lines that can be exchanged: pickable, with another size that can be bought now. An exchange
 * offers only these; a refund offers every pickable line.
 */
export const exchangeableLines = (lines: readonly ReturnOptionLine[]) =>
  pickableLines(lines).filter((line) =>
    line.exchange_sizes.some((size) => size.sku_product !== line.sku_product),
  )

/** The lines chosen in the draft (qty > 0) among those the resolution offers. */
export function chosenLines(draft: ReturnDraft, lines: readonly ReturnOptionLine[]) {
  const offered = draft.resolution === 'EXCHANGE' ? exchangeableLines(lines) : pickableLines(lines)
  return offered.filter((line) => (draft.lines[line.sku_product]?.qty ?? 0) > 0)
}

/** Photos are asked for when a chosen line's reason needs them (DEFECT, WRONG_ITEM, NOT_AS_PICTURED). */
export function photosNeeded(draft: ReturnDraft, lines: readonly ReturnOptionLine[]): boolean {
  return chosenLines(draft, lines).some((line) => {
    const reason = draft.lines[line.sku_product]?.reason
    return reason ? needsPhotos(reason) : false
  })
}

/** The bank account is asked for a refund of an order paid by virtual account or bill payment. */
export const accountNeeded = (draft: ReturnDraft, options: Pick<ReturnOptions, 'refund_method'>) =>
  draft.resolution === 'REFUND' && options.refund_method === 'BANK_TRANSFER'

/** What is still missing or wrong in the draft, by field; empty when it can be sent. */
export function draftProblems(
  draft: ReturnDraft,
  options: Pick<ReturnOptions, 'lines' | 'refund_method'>,
): Problems {
  const problems: Problems = {}
  const chosen = chosenLines(draft, options.lines)
  if (chosen.length === 0) problems.lines = 'noLines'
  for (const line of chosen) {
    const entry = draft.lines[line.sku_product]!
    if (entry.qty > line.returnable_qty) problems[`line:${line.sku_product}:qty`] = 'tooMany'
    if (!entry.reason) problems[`line:${line.sku_product}:reason`] = 'reason'
    if (draft.resolution === 'EXCHANGE') {
      const sizes = line.exchange_sizes.filter((size) => size.sku_product !== line.sku_product)
      if (!sizes.some((size) => size.sku_product === entry.exchangeSku))
        problems[`line:${line.sku_product}:exchange`] = 'exchangeSize'
    }
  }
  if (photosNeeded(draft, options.lines) && draft.photos.length === 0) problems.photos = 'photos'
  if (draft.photos.length > RETURN_PHOTOS_MAX) problems.photos = 'photosMax'
  if (accountNeeded(draft, options)) {
    const { bank, number, holder } = draft.account
    if (bank.trim().length < 2) problems['account:bank'] = 'bank'
    if (!REFUND_ACCOUNT_NUMBER_PATTERN.test(number.trim())) problems['account:number'] = 'accountNumber'
    if (holder.trim().length < 2) problems['account:holder'] = 'holder'
  }
  if (draft.note.trim().length > NOTE_MAX) problems.note = 'note'
  return problems
}

/** The request's body (CreateReturnBodySchema's shape) for a draft without problems. */
export function requestBody(
  draft: ReturnDraft,
  options: Pick<ReturnOptions, 'id_sales_header' | 'lines' | 'refund_method'>,
): CreateReturnBody {
  const exchange = draft.resolution === 'EXCHANGE'
  const note = draft.note.trim()
  return {
    id_sales_header: options.id_sales_header,
    resolution: draft.resolution,
    lines: chosenLines(draft, options.lines).map((line) => {
      const entry = draft.lines[line.sku_product]!
      return {
        sku_product: line.sku_product,
        qty: entry.qty,
        reason: entry.reason as ReturnReason,
        ...(exchange && { exchange_sku: entry.exchangeSku }),
      }
    }),
    ...(accountNeeded(draft, options) && {
      refund_account: {
        bank: draft.account.bank.trim(),
        number: draft.account.number.trim().replace(/[ -]/g, ''),
        holder: draft.account.holder.trim(),
      },
    }),
    ...(note && { note }),
  }
}

/** Where the API's refusal of a request shows (its code): by the field it concerns, else on top. */
export function refusalField(code: string | undefined): ProblemField {
  switch (code) {
    case 'RET006':
      return 'photos'
    case 'RET007':
      return 'account'
    case 'RET004':
    case 'RET005':
    case 'RET008':
      return 'lines'
    default:
      return 'form'
  }
}

/** The waybill form's problems: a courier (jne, sicepat…) and the waybill's number as couriers print it. */
export function waybillProblems(courier: string, waybill: string): Problems {
  const problems: Problems = {}
  if (!RETURN_COURIER_PATTERN.test(courier.trim().toLowerCase())) problems.courier = 'courier'
  if (!WAYBILL_PATTERN.test(waybill.trim())) problems.waybill = 'waybill'
  return problems
}

/**
 * What the order page says when nothing can be returned, only where it helps: after delivery,
 * 'closed on' once the window is over, else the API's own words (all returned, final sale); nothing
 * before delivery (the order's status says it already).
 */
export function notReturnableNote(
  options: Pick<ReturnOptions, 'returnable' | 'returnable_until' | 'not_returnable_reason'>,
  now: number,
): { closedOn: string } | { text: string } | null {
  if (options.returnable || !options.returnable_until) return null
  const until = Date.parse(options.returnable_until)
  if (!Number.isNaN(until) && until <= now) return { closedOn: options.returnable_until }
  return options.not_returnable_reason ? { text: options.not_returnable_reason } : null
}

const dayFormats = {
  en: new Intl.DateTimeFormat('en-GB', {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }),
  id: new Intl.DateTimeFormat('id-ID', {
    timeZone: SHOP_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  }),
}
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
})

/** A day in the shop's time and the page's language: '12 Dec 2026' / '12 Des 2026'. */
export function returnDay(value: string, lng = 'en'): string {
  const time = Date.parse(value)
  if (Number.isNaN(time)) return value
  return (lng === 'id' ? dayFormats.id : dayFormats.en).format(time)
}

/** A day and time in the shop's time: '12 Dec 2026, 14:05 WIB'. */
export function returnWhen(value: string, lng = 'en'): string {
  const time = Date.parse(value)
  if (Number.isNaN(time)) return value
  return `${returnDay(value, lng)}, ${timeFormat.format(time)} WIB`
}

/** The status chip's colours: waiting grey, to act on amber, done green, stopped red. */
export function returnTone(status: ReturnStatus): string {
  switch (status) {
    case 'APPROVED':
      return 'bg-amber-100 text-amber-900'
    case 'RECEIVED':
      return 'bg-blue-100 text-blue-900'
    case 'REFUNDED':
    case 'EXCHANGE_SHIPPED':
    case 'CLOSED':
      return 'bg-green-100 text-green-900'
    case 'REJECTED':
    case 'CANCELLED':
      return 'bg-red-100 text-red-900'
    default:
      return 'bg-neutral-200 text-neutral-900'
  }
}

/** Returns whose `refund` analytics event this browser sent already (once per return). */
const REFUNDS_REPORTED_KEY = 'busana-refunds-reported'
const reportedInMemory = new Set<string>()

/**
 * Marks a return's refund as reported in this browser; answers false when it already was (a
 * reload or a second visit must not count the refund twice). The last 50 are kept; without
 * storage a copy in memory keeps this page from reporting twice.
 */
export function markRefundReported(returnNumber: string): boolean {
  if (reportedInMemory.has(returnNumber)) return false
  reportedInMemory.add(returnNumber)
  try {
    const reported: unknown = JSON.parse(window.localStorage.getItem(REFUNDS_REPORTED_KEY) ?? '[]')
    const list = Array.isArray(reported)
      ? reported.filter((item): item is string => typeof item === 'string')
      : []
    if (list.includes(returnNumber)) return false
    window.localStorage.setItem(REFUNDS_REPORTED_KEY, JSON.stringify([...list, returnNumber].slice(-50)))
  } catch {
    // No storage: the copy in memory still keeps this page to one report.
  }
  return true
}
