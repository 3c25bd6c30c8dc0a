import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { RegionSource } from '../addresses.api.ts'
import {
  ADDRESS_LABEL_MAX_LENGTH,
  ADDRESS_MIN_LENGTH,
  PHONE_MAX_DIGITS,
  phoneAfterPrefix,
} from '@busana/contract'
import {
  BLOCKED_NUMBER_KEYS,
  isAddressComplete,
  LABEL_SUGGESTIONS,
  type AddressForm,
  type RegionValue,
} from '../address-form.rules.ts'
import { RegionCascade } from './region-cascade.tsx'

export interface AddressFormProps {
  initial: AddressForm
  source: RegionSource
  onSubmit(form: AddressForm): Promise<void> | void
  onCancel(): void
  onDelete?(form: AddressForm): Promise<void> | void
}

const inputClass =
  'h-11 w-full border border-neutral-300 bg-white px-3 text-sm text-ink placeholder:text-neutral-500 focus:border-ink'

/**
 * The label field with its suggestions (Home, Office, Apartment, Kost): shown while the field is
 * focused, hidden on a click outside (docs/product/account.md §4).
 */
export function LabelField({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('addresses')
  const id = useId()
  const [open, setOpen] = useState(false)
  const boxRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', onPointerDown)
    return () => document.removeEventListener('mousedown', onPointerDown)
  }, [open])
  return (
    <div ref={boxRef} className="relative grid gap-1 text-xs font-medium">
      <label htmlFor={id}>{t('form.label')}</label>
      <input
        id={id}
        className={inputClass}
        value={value}
        maxLength={ADDRESS_LABEL_MAX_LENGTH}
        autoComplete="off"
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        onChange={(e) => onChange(e.target.value)}
      />
      {open && (
        <ul
          aria-label={t('form.labelSuggestions')}
          className="absolute inset-x-0 top-full z-10 mt-1 flex flex-wrap gap-2 border border-neutral-200 bg-white p-2 shadow-md"
        >
          {LABEL_SUGGESTIONS.map((label) => (
            <li key={label}>
              <button
                type="button"
                className={`border px-3 py-1 text-xs ${value === label ? 'border-ink bg-ink text-white' : 'border-neutral-300'}`}
                onClick={() => {
                  onChange(label)
                  setOpen(false)
                }}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * The add/edit address form (docs/product/account.md §4 and 5): recipient, label with suggestions, phone
 * after a fixed +62, full address, the region cascade, primary. SAVE stays disabled until complete;
 * no other messages. Edit mode (an existing id) also offers delete.
 */
export function AddressFormView({ initial, source, onSubmit, onCancel, onDelete }: AddressFormProps) {
  const { t } = useTranslation('addresses')
  const id = useId()
  const [form, setForm] = useState<AddressForm>(initial)
  const [busy, setBusy] = useState(false)
  const editing = form.id_alamat !== undefined
  const complete = isAddressComplete(form)
  const set = (patch: Partial<AddressForm>) => setForm((f) => ({ ...f, ...patch }))

  const run = async (action: () => Promise<void> | void) => {
    setBusy(true)
    try {
      await action()
    } catch {
      // The request layer already shows the server's message in the popup.
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="grid gap-4"
      aria-label={editing ? t('editTitle') : t('addTitle')}
      onSubmit={(e) => {
        e.preventDefault()
        if (complete && !busy) void run(() => onSubmit(form))
      }}
    >
      <div className="grid gap-1 text-xs font-medium">
        <label htmlFor={`${id}-recipient`}>{t('form.recipient')}</label>
        <input
          id={`${id}-recipient`}
          className={inputClass}
          value={form.penerima}
          maxLength={100}
          autoComplete="name"
          onChange={(e) => set({ penerima: e.target.value })}
        />
      </div>
      <LabelField value={form.nama_alamat} onChange={(nama_alamat) => set({ nama_alamat })} />
      <div className="grid gap-1 text-xs font-medium">
        <label htmlFor={`${id}-phone`}>{t('form.phone')}</label>
        <div className="flex">
          <span className="inline-flex h-11 items-center border border-r-0 border-neutral-300 bg-neutral-100 px-3 text-sm">
            +62
          </span>
          <input
            id={`${id}-phone`}
            className={inputClass}
            value={form.phone}
            inputMode="numeric"
            autoComplete="tel-national"
            // Room for a pasted '+62 ' and separators ('+62 812-3456-7890') before they are stripped.
            maxLength={PHONE_MAX_DIGITS + 8}
            onKeyDown={(e) => BLOCKED_NUMBER_KEYS.has(e.key) && e.preventDefault()}
            // Digits only; a country code and leading zeros are dropped (the +62 stands in for them,
            // docs/product/account.md §5), so 0812…, 62812… and +62 812-… all keep 812….
            onChange={(e) => set({ phone: phoneAfterPrefix(e.target.value).slice(0, PHONE_MAX_DIGITS) })}
          />
        </div>
      </div>
      <div className="grid gap-1 text-xs font-medium">
        <label htmlFor={`${id}-full`}>{t('form.fullAddress')}</label>
        <textarea
          id={`${id}-full`}
          className={`${inputClass} h-24 py-2`}
          value={form.alamat_lengkap}
          minLength={ADDRESS_MIN_LENGTH}
          maxLength={500}
          onChange={(e) => set({ alamat_lengkap: e.target.value })}
        />
      </div>
      <RegionCascade
        value={form}
        source={source}
        flagVillage={editing && !initial.id_address_village}
        onChange={(region: RegionValue) => set(region)}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-ink"
          checked={form.primary}
          onChange={(e) => set({ primary: e.target.checked })}
        />
        {t('form.primary')}
      </label>
      <div className="flex flex-wrap items-center gap-3 pt-2">
        <button type="submit" className="btn-primary flex-1" disabled={!complete || busy}>
          {t('save')}
        </button>
        <button type="button" className="btn-outline h-11 flex-1" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
      {editing && onDelete && (
        <button
          type="button"
          className="justify-self-start text-xs font-semibold uppercase tracking-[0.2em] text-accent underline disabled:opacity-50"
          disabled={busy}
          onClick={() => void run(() => onDelete(form))}
        >
          {t('delete')}
        </button>
      )}
    </form>
  )
}
