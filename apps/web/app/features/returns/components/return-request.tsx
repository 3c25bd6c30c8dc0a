import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import {
  formatIdr,
  needsPhotos,
  RETURN_PHOTOS_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
  type ReturnResolution,
} from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { PhotoPicker, photoPickerLabels } from '~/components/ui/photo-picker.tsx'
import { ApiError } from '~/lib/api-client.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import { createReturn, fetchReturnOptions, type ReturnOptions } from '../returns.api.ts'
import {
  accountNeeded,
  draftProblems,
  emptyDraft,
  exchangeableLines,
  NOTE_MAX,
  notReturnableNote,
  photosNeeded,
  pickableLines,
  refusalField,
  requestBody,
  returnDay,
  type LineDraft,
  type Problems,
  type ReturnDraft,
  type ReturnOptionLine,
} from '../returns.rules.ts'

const label = 'mb-2 block text-xs font-semibold uppercase tracking-[0.14em]'
const select =
  'h-11 w-full border border-neutral-300 bg-white px-3 text-sm focus:border-ink focus-visible:outline-offset-0 aria-[invalid=true]:border-red-600'

/**
 * /member/order/{id}/return (issue 40): the return or exchange request of a delivered order, for
 * members and phone guests. The shopper chooses first a refund or another size (a request is one
 * or the other), then the pieces (how many, why, the size wanted), photos when a reason needs them,
 * the bank account when the refund goes by transfer, and a note. The draft is checked here with the
 * contract's rules before it is sent; the API's refusal shows by the field it concerns.
 */
export function ReturnRequest({ id }: { id: string }) {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token)
  const [options, setOptions] = useState<ReturnOptions | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (!token) return
    const controller = new AbortController()
    fetchReturnOptions(api, id, { signal: controller.signal }).then(
      (answer) => {
        setOptions(answer)
        setFailed(false)
      },
      () => {
        if (!controller.signal.aborted) setFailed(true)
      },
    )
    return () => controller.abort()
  }, [api, id, token, i18n.language])

  const back = (
    <TrackedLink
      to={`/member/order/${encodeURIComponent(id)}`}
      className="text-sm underline underline-offset-4"
    >
      {t('request.back', 'Back to the order')}
    </TrackedLink>
  )
  if (!options) {
    return (
      <div className="grid justify-items-start gap-4 py-10">
        <p className="text-sm text-neutral-600" role="status">
          {failed ? t('request.notFound', 'This order cannot be returned here.') : t('loading', 'Loading…')}
        </p>
        {failed && back}
      </div>
    )
  }
  if (!options.returnable) {
    const note = notReturnableNote(options, Date.now())
    return (
      <div className="grid justify-items-start gap-4">
        <RequestHeader options={options} />
        <p className="text-sm text-neutral-700" data-testid="return-closed">
          {note && 'closedOn' in note
            ? t('order.closedOn', 'Returns closed on {{date}}', {
                date: returnDay(note.closedOn, i18n.language),
              })
            : (note?.text ??
              options.not_returnable_reason ??
              t('request.nothing', 'Nothing of this order can be returned now.'))}
        </p>
        {back}
      </div>
    )
  }
  return <RequestForm options={options} back={back} />
}

function RequestHeader({ options }: { options: ReturnOptions }) {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  return (
    <header className="grid gap-1">
      <h1 id="return-request-title" className="text-lg font-semibold uppercase tracking-[0.18em]">
        {t('request.title', 'Return or exchange')}
      </h1>
      <p className="text-sm text-neutral-600">
        {t('request.order', 'Order {{number}}', { number: options.sales_order_number })}
        {options.returnable_until &&
          ` · ${t('request.until', 'until {{date}}', { date: returnDay(options.returnable_until, i18n.language) })}`}
      </p>
    </header>
  )
}

function RequestForm({ options, back }: { options: ReturnOptions; back: ReactNode }) {
  const t = useNamespaceT('returns')
  const { i18n } = useTranslation('returns')
  const lng = i18n.language === 'id' ? 'id' : 'en'
  const api = useApi()
  const navigate = useNavigate()
  const [draft, setDraft] = useState<ReturnDraft>(() => emptyDraft(options.lines))
  const [checked, setChecked] = useState(false)
  const [busy, setBusy] = useState(false)
  const [refusal, setRefusal] = useState<{ field: string; message: string } | null>(null)
  const summary = useRef<HTMLDivElement>(null)
  const noteId = useId()

  const problems: Problems = checked ? draftProblems(draft, options) : {}
  const problem = (field: string) => {
    const key = problems[field]
    return key ? t(`form.problems.${key}`, PROBLEM_FALLBACKS[key] ?? 'Please check this field') : null
  }
  const refusedAt = (field: string) => (refusal?.field === field ? refusal.message : null)
  const exchangeable = exchangeableLines(options.lines)
  const offered = draft.resolution === 'EXCHANGE' ? exchangeable : pickableLines(options.lines)
  const shown = options.lines.filter((line) => !offered.includes(line))
  const wantsPhotos = photosNeeded(draft, options.lines)
  const wantsAccount = accountNeeded(draft, options)

  const setLine = (sku: string, change: Partial<LineDraft>) =>
    setDraft((current) => ({
      ...current,
      lines: { ...current.lines, [sku]: { ...current.lines[sku]!, ...change } },
    }))

  async function submit() {
    setChecked(true)
    setRefusal(null)
    const found = draftProblems(draft, options)
    if (Object.keys(found).length > 0) {
      // The summary says how many fields need a look; focus goes there so a screen reader hears it.
      requestAnimationFrame(() => summary.current?.focus())
      return
    }
    setBusy(true)
    try {
      const created = await createReturn(api, requestBody(draft, options), draft.photos)
      void navigate(`/member/returns/${encodeURIComponent(created.return_number)}`, {
        state: { created: true },
      })
    } catch (error) {
      const code = error instanceof ApiError ? error.code : undefined
      const message =
        code && code.startsWith('RET')
          ? t(`errors.${code}`, error instanceof Error ? error.message : '')
          : error instanceof Error
            ? error.message
            : t('form.failed', 'The request could not be sent. Please try again.')
      setRefusal({ field: refusalField(code), message })
      if (refusalField(code) === 'form') requestAnimationFrame(() => summary.current?.focus())
      setBusy(false)
    }
  }

  const count = Object.keys(problems).length
  return (
    <form
      aria-labelledby="return-request-title"
      className="grid max-w-2xl gap-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (!busy) void submit()
      }}
      data-testid="return-request"
    >
      <div className="grid gap-2">
        {back}
        <RequestHeader options={options} />
      </div>

      <div ref={summary} tabIndex={-1} className="outline-none" aria-live="polite">
        {count > 0 && (
          <p className="border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800" role="alert">
            {t('form.summary', 'Please check the fields marked below.')}
          </p>
        )}
        {refusal?.field === 'form' && (
          <p className="border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800" role="alert">
            {refusal.message}
          </p>
        )}
      </div>

      <fieldset className="grid gap-2">
        <legend className={label}>{t('form.resolution', 'What would you like?')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {(['REFUND', 'EXCHANGE'] as const satisfies readonly ReturnResolution[]).map((resolution) => {
            const disabled = resolution === 'EXCHANGE' && exchangeable.length === 0
            return (
              <label
                key={resolution}
                className={`flex cursor-pointer items-start gap-3 border px-4 py-3 text-sm ${
                  draft.resolution === resolution ? 'border-ink' : 'border-neutral-300'
                } ${disabled ? 'cursor-not-allowed text-neutral-500' : ''}`}
              >
                <input
                  type="radio"
                  name="resolution"
                  value={resolution}
                  className="mt-0.5 accent-neutral-900"
                  checked={draft.resolution === resolution}
                  disabled={disabled}
                  onChange={() => setDraft((current) => ({ ...current, resolution }))}
                />
                <span className="grid gap-0.5">
                  <span className="font-medium">
                    {resolution === 'REFUND'
                      ? t('resolution.REFUND', 'Refund')
                      : t('resolution.EXCHANGE', 'Exchange for another size')}
                  </span>
                  <span className="text-xs text-neutral-600">
                    {resolution === 'REFUND'
                      ? options.refund_method === 'PROVIDER'
                        ? t('form.refundProvider', 'Back to {{payment}}', { payment: options.payment_name })
                        : t('form.refundTransfer', 'By bank transfer to your account')
                      : disabled
                        ? t('form.noSizes', 'No other size is available now')
                        : t('form.exchangeHint', 'Same piece, another size')}
                  </span>
                </span>
              </label>
            )
          })}
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className={label}>{t('form.pieces', 'Which pieces?')}</legend>
        {(problem('lines') || refusedAt('lines')) && (
          <p className="text-xs text-red-700" role="alert">
            {refusedAt('lines') ?? problem('lines')}
          </p>
        )}
        <ul className="grid gap-3">
          {offered.map((line) => (
            <RequestLine
              key={line.sku_product}
              line={line}
              entry={draft.lines[line.sku_product]!}
              resolution={draft.resolution}
              lng={lng}
              problem={problem}
              onChange={(change) => setLine(line.sku_product, change)}
            />
          ))}
          {shown.map((line) => (
            <li
              key={line.sku_product}
              className="flex gap-3 border border-neutral-200 p-3 text-sm text-neutral-600"
              data-testid="return-line-unavailable"
            >
              <img src={line.url_image} alt="" className="h-16 w-12 shrink-0 bg-neutral-100 object-cover" />
              <div className="min-w-0">
                <p className="font-medium text-neutral-800">{line.product_master_name}</p>
                <p className="text-xs">{t('line.size', 'Size {{size}}', { size: line.ukuran })}</p>
                <p className="mt-1 text-xs">
                  {line.final_sale
                    ? t('line.finalSale', 'Final sale: no returns')
                    : line.returnable_qty === 0
                      ? t('line.none', 'Already returned or not returnable')
                      : line.is_bundling
                        ? t('line.bundleRefund', 'A set goes back whole, for a refund only')
                        : t('line.noSize', 'No other size available for an exchange')}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </fieldset>

      <ReturnPhotos
        photos={draft.photos}
        required={wantsPhotos}
        error={problem('photos') ?? refusedAt('photos')}
        onChange={(photos) => setDraft((current) => ({ ...current, photos }))}
      />

      {wantsAccount && (
        <fieldset className="grid gap-3" data-testid="refund-account">
          <legend className={label}>{t('form.account', 'Your bank account for the refund')}</legend>
          <p className="text-xs text-neutral-600">
            {t(
              'form.accountHint',
              '{{payment}} cannot be refunded automatically: the shop transfers the amount to this account.',
              { payment: options.payment_name },
            )}
          </p>
          {refusedAt('account') && (
            <p className="text-xs text-red-700" role="alert">
              {refusedAt('account')}
            </p>
          )}
          <Field
            label={t('form.bank', 'Bank')}
            value={draft.account.bank}
            autoComplete="off"
            onValue={(bank) => setDraft((current) => ({ ...current, account: { ...current.account, bank } }))}
            error={problem('account:bank')}
          />
          <Field
            label={t('form.number', 'Account number')}
            value={draft.account.number}
            inputMode="numeric"
            autoComplete="off"
            onValue={(number) =>
              setDraft((current) => ({ ...current, account: { ...current.account, number } }))
            }
            error={problem('account:number')}
          />
          <Field
            label={t('form.holder', 'Account holder')}
            value={draft.account.holder}
            autoComplete="name"
            onValue={(holder) =>
              setDraft((current) => ({ ...current, account: { ...current.account, holder } }))
            }
            error={problem('account:holder')}
          />
        </fieldset>
      )}

      <div>
        <label htmlFor={noteId} className={label}>
          {t('form.note', 'Note (optional)')}
        </label>
        <textarea
          id={noteId}
          value={draft.note}
          rows={3}
          maxLength={NOTE_MAX}
          onChange={(event) => setDraft((current) => ({ ...current, note: event.target.value }))}
          aria-invalid={problem('note') ? true : undefined}
          className="w-full border border-neutral-300 p-3 text-sm focus:border-ink focus-visible:outline-offset-0"
        />
      </div>

      <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:justify-self-start sm:px-10">
        {busy ? t('form.sending', 'Sending…') : t('form.submit', 'Send request')}
      </Button>
    </form>
  )
}

/** Fallbacks of the problem keys (form.problems.* in the returns strings). */
const PROBLEM_FALLBACKS: Record<string, string> = {
  noLines: 'Choose at least one piece to send back.',
  tooMany: 'That is more pieces than can be returned.',
  reason: 'Choose a reason.',
  exchangeSize: 'Choose the size you want instead.',
  photos: 'Add at least one photo that shows the problem.',
  photosMax: 'Add at most 3 photos.',
  bank: 'Enter the bank.',
  accountNumber: 'Enter an account number of 5 to 30 digits.',
  holder: "Enter the account holder's name.",
  note: 'The note is too long.',
}

function RequestLine({
  line,
  entry,
  resolution,
  lng,
  problem,
  onChange,
}: {
  line: ReturnOptionLine
  entry: LineDraft
  resolution: ReturnResolution
  lng: 'en' | 'id'
  problem: (field: string) => string | null
  onChange: (change: Partial<LineDraft>) => void
}) {
  const t = useNamespaceT('returns')
  const ids = useId()
  const chosen = entry.qty > 0
  const sizes = line.exchange_sizes.filter((size) => size.sku_product !== line.sku_product)
  const reasonError = problem(`line:${line.sku_product}:reason`)
  const sizeError = problem(`line:${line.sku_product}:exchange`)
  const qtyError = problem(`line:${line.sku_product}:qty`)
  return (
    <li
      className={`grid gap-3 border p-3 text-sm ${chosen ? 'border-ink' : 'border-neutral-200'}`}
      data-testid="return-line"
      data-sku={line.sku_product}
    >
      <label className="flex cursor-pointer gap-3">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 shrink-0 accent-neutral-900"
          checked={chosen}
          onChange={(event) => onChange({ qty: event.target.checked ? 1 : 0 })}
        />
        <img src={line.url_image} alt="" className="h-20 w-16 shrink-0 bg-neutral-100 object-cover" />
        <span className="grid min-w-0 content-start gap-0.5">
          <span className="font-medium">{line.product_master_name}</span>
          <span className="text-xs text-neutral-600">
            {t('line.bought', 'Size {{size}} · {{qty}} bought · {{price}}', {
              size: line.ukuran,
              qty: line.quantity,
              price: formatIdr(line.harga_jual),
            })}
          </span>
          <span className="sr-only">
            {resolution === 'EXCHANGE' ? t('line.chooseExchange', 'Exchange') : t('line.choose', 'Return')}
          </span>
        </span>
      </label>
      {chosen && (
        <div className="grid gap-3 sm:grid-cols-2 sm:pl-7">
          {line.returnable_qty > 1 && (
            <div>
              <label htmlFor={`${ids}-qty`} className={label}>
                {t('line.qty', 'How many')}
              </label>
              <select
                id={`${ids}-qty`}
                className={select}
                value={entry.qty}
                aria-invalid={qtyError ? true : undefined}
                onChange={(event) => onChange({ qty: Number(event.target.value) })}
              >
                {Array.from({ length: line.returnable_qty }, (_, index) => index + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              {qtyError && <p className="mt-1 text-xs text-red-700">{qtyError}</p>}
            </div>
          )}
          <div>
            <label htmlFor={`${ids}-reason`} className={label}>
              {t('line.reason', 'Reason')}
            </label>
            <select
              id={`${ids}-reason`}
              className={select}
              value={entry.reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
              onChange={(event) => onChange({ reason: event.target.value as ReturnReason | '' })}
            >
              <option value="">{t('line.pickReason', 'Choose a reason')}</option>
              {RETURN_REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {RETURN_REASON_LABELS[reason][lng]}
                  {needsPhotos(reason) ? ` ${t('line.withPhoto', '(photo needed)')}` : ''}
                </option>
              ))}
            </select>
            {reasonError && (
              <p id={`${ids}-reason-error`} className="mt-1 text-xs text-red-700">
                {reasonError}
              </p>
            )}
          </div>
          {resolution === 'EXCHANGE' && (
            <div>
              <label htmlFor={`${ids}-size`} className={label}>
                {t('line.newSize', 'New size')}
              </label>
              <select
                id={`${ids}-size`}
                className={select}
                value={entry.exchangeSku}
                aria-invalid={sizeError ? true : undefined}
                aria-describedby={sizeError ? `${ids}-size-error` : undefined}
                onChange={(event) => onChange({ exchangeSku: event.target.value })}
              >
                <option value="">{t('line.pickSize', 'Choose a size')}</option>
                {sizes.map((size) => (
                  <option key={size.sku_product} value={size.sku_product}>
                    {size.ukuran}
                  </option>
                ))}
              </select>
              {sizeError && (
                <p id={`${ids}-size-error`} className="mt-1 text-xs text-red-700">
                  {sizeError}
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </li>
  )
}

/** Up to three photos, the review upload's types and size; required when a chosen reason needs them. */
function ReturnPhotos({
  photos,
  required,
  error,
  onChange,
}: {
  photos: File[]
  required: boolean
  error: string | null
  onChange: (photos: File[]) => void
}) {
  const t = useNamespaceT('returns')
  const [refused, setRefused] = useState<string | null>(null)
  const headingId = useId()

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={label}>
        {required
          ? t('form.photosRequired', 'Photos of the problem (1 to 3, needed)')
          : t('form.photos', 'Photos (optional, up to 3)')}
      </h2>
      <PhotoPicker
        photos={photos}
        max={RETURN_PHOTOS_MAX}
        labels={photoPickerLabels(t)}
        inputTestId="return-photo-input"
        onChange={onChange}
        onRefused={setRefused}
      />
      {(error || refused) && (
        <p className="mt-2 text-xs text-red-700" role="alert">
          {error ?? refused}
        </p>
      )}
    </section>
  )
}
