import { useId, type ReactNode } from 'react'
import {
  canSaveGuestShipping,
  GUEST_ADDRESS_MIN_LENGTH,
  maskPhone,
  PHONE_MAX_DIGITS,
  phoneAfterPrefix,
  phoneForApi,
} from '@busana/contract'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { GuestRegion } from '../guest-shipping-form.ts'
import type { Checkout } from '../use-checkout.ts'
import { Section } from './section.tsx'

/** The region cascade, composed in by the route from the addresses feature. */
export type RenderRegion = (value: GuestRegion, onChange: (next: GuestRegion) => void) => ReactNode

/** Keys number inputs reject (docs/product/shopping.md §5). */
const BLOCKED_KEYS = new Set(['e', 'E', '+', '-', '.'])

/**
 * The guest's shipping form (docs/product/shopping.md §2, 4 and 5): province, city, district and sub
 * district (changing one clears those below; the sub district fills the read-only postal code),
 * recipient, phone after a fixed +62 (leading zeros stripped, sent with one 0) and the full address
 * of at least 30 characters. Save is enabled only when all are filled; saving asks cart_guest for
 * the couriers to that destination. Once saved, the address shows with the phone masked.
 */
export function GuestShipping({
  checkout,
  renderRegion,
}: {
  checkout: Checkout
  renderRegion: RenderRegion
}) {
  const { t } = useTranslation('checkout')
  const id = useId()
  const { shipping, setShipping, shippingSaved, shippingError, loadingData } = checkout
  const canSave = canSaveGuestShipping({
    province: shipping.region.province_id,
    city: shipping.region.city_id,
    destination_code: shipping.region.destination_code,
    village: shipping.region.id_address_village,
    penerima: shipping.penerima,
    hp_penerima: shipping.phone,
    alamat_lengkap: shipping.alamat_lengkap,
    kode_pos: shipping.region.kode_pos,
  })
  const short =
    shipping.alamat_lengkap.trim().length > 0 &&
    shipping.alamat_lengkap.trim().length < GUEST_ADDRESS_MIN_LENGTH

  if (shippingSaved) {
    const r = shipping.region
    return (
      <Section
        title={t('shippingAddress')}
        action={
          <button
            type="button"
            className="text-xs underline underline-offset-2"
            onClick={checkout.editShipping}
          >
            {t('change')}
          </button>
        }
      >
        <div className="text-sm" data-testid="shipping-address">
          <p className="font-medium">{shipping.penerima}</p>
          <p className="text-neutral-600">{maskPhone(phoneForApi(shipping.phone))}</p>
          <p className="mt-1 text-neutral-600">
            {[shipping.alamat_lengkap, r.village, r.district, r.city, r.province, r.kode_pos]
              .filter(Boolean)
              .join(', ')}
          </p>
        </div>
      </Section>
    )
  }

  return (
    <Section title={t('shippingAddress')}>
      <form
        className="grid gap-4"
        aria-label={t('shippingAddress')}
        onSubmit={(e) => {
          e.preventDefault()
          if (canSave) void checkout.saveShipping()
        }}
      >
        {renderRegion(shipping.region, (region) => setShipping((s) => ({ ...s, region })))}
        <Field
          label={t('recipient')}
          value={shipping.penerima}
          onValue={(penerima) => setShipping((s) => ({ ...s, penerima }))}
          autoComplete="name"
          maxLength={100}
        />
        <Field
          label={t('phone')}
          prefix="+62"
          value={shipping.phone}
          inputMode="numeric"
          autoComplete="tel-national"
          onKeyDown={(e) => BLOCKED_KEYS.has(e.key) && e.preventDefault()}
          // Digits only, a country code and leading zeros dropped: the +62 stands for them.
          onValue={(value) =>
            setShipping((s) => ({ ...s, phone: phoneAfterPrefix(value).slice(0, PHONE_MAX_DIGITS) }))
          }
        />
        <div className="flex flex-col gap-1.5">
          <label
            htmlFor={`${id}-address`}
            className="text-xs font-medium uppercase tracking-[0.14em] text-neutral-700"
          >
            {t('fullAddress')}
          </label>
          <textarea
            id={`${id}-address`}
            rows={3}
            maxLength={500}
            value={shipping.alamat_lengkap}
            aria-invalid={short || undefined}
            aria-describedby={short ? `${id}-short` : undefined}
            onChange={(e) => setShipping((s) => ({ ...s, alamat_lengkap: e.target.value }))}
            className="w-full border border-neutral-300 bg-white px-3 py-2 text-sm focus:border-ink focus-visible:outline-offset-0 aria-[invalid=true]:border-red-600"
          />
          {short && (
            <p id={`${id}-short`} className="text-xs text-red-700">
              {t('messages.addressTooShort')}
            </p>
          )}
        </div>
        {shippingError && (
          <p role="alert" className="text-xs text-red-700">
            {shippingError}
          </p>
        )}
        <Button type="submit" variant="outline" className="h-11" disabled={!canSave || loadingData}>
          {t('saveAddress')}
        </Button>
      </form>
    </Section>
  )
}
