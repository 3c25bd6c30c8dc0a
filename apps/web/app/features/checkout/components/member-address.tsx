import { useState } from 'react'
import { maskPhone, type Address } from '@busana/contract'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import type { Checkout } from '../use-checkout.ts'
import { Section } from './section.tsx'

/** The member's saved addresses, composed in by the route from the addresses feature. */
export interface AddressBook {
  list(): Promise<Address[]>
  /** Makes the address the primary one (PATCH alamat_priority). */
  makePrimary(id: number | string): Promise<unknown>
}

/**
 * The member's shipping address (docs/product/shopping.md §2, 4 and 5): the primary address of the checkout
 * data with the phone masked to its last 4 digits, and a chooser of the saved addresses; choosing
 * one makes it primary, checks the bag again and says 'Succes Change Shipping Address'.
 */
export function MemberAddress({ checkout, book }: { checkout: Checkout; book: AddressBook }) {
  const { t } = useTranslation('checkout')
  const [addresses, setAddresses] = useState<Address[] | null>(null)
  const [busy, setBusy] = useState(false)
  const address = checkout.state.data?.alamat_penerima
  const open = addresses !== null

  const choose = async (id: number | string) => {
    setBusy(true)
    try {
      await book.makePrimary(id)
      setAddresses(null)
      await checkout.afterAddressChange()
    } catch {
      // The request layer shows the server's message.
    } finally {
      setBusy(false)
    }
  }

  return (
    <Section
      title={t('shippingAddress')}
      action={
        address ? (
          <button
            type="button"
            className="text-xs underline underline-offset-2"
            onClick={() => void book.list().then(setAddresses, () => undefined)}
          >
            {t('change')}
          </button>
        ) : undefined
      }
    >
      {address ? (
        <div className="text-sm" data-testid="shipping-address">
          <p className="font-medium">{address.penerima}</p>
          <p className="text-neutral-600">{maskPhone(address.hp_penerima)}</p>
          <p className="mt-1 text-neutral-600">
            {[
              address.alamat_lengkap,
              address.village,
              address.district,
              address.city,
              address.province,
              address.kode_pos,
            ]
              .filter(Boolean)
              .join(', ')}
          </p>
        </div>
      ) : (
        <p className="text-sm text-neutral-500">{t('loading')}</p>
      )}
      {open && (
        <OverlayPanel title={t('chooseAddress')} onClose={() => setAddresses(null)} closeLabel={t('close')}>
          <fieldset disabled={busy}>
            <legend className="sr-only">{t('chooseAddress')}</legend>
            <div className="grid gap-2">
              {addresses.map((saved) => {
                const needsUpdate = !saved.id_address_village
                return (
                  <label
                    key={saved.id_alamat}
                    className={`flex cursor-pointer gap-3 border px-4 py-3 text-sm has-checked:border-ink has-focus-visible:outline-2 has-focus-visible:outline-ink ${needsUpdate ? 'border-red-600' : 'border-neutral-300'}`}
                  >
                    <input
                      type="radio"
                      name="address"
                      className="mt-1 accent-ink"
                      checked={saved.priority === 'primary'}
                      disabled={needsUpdate}
                      onChange={() => void choose(saved.id_alamat)}
                    />
                    <span>
                      <span className="font-medium">{`${saved.penerima} (${saved.nama_alamat})`}</span>
                      <span className="block text-neutral-600">
                        {maskPhone(String(saved.hp_penerima ?? ''))}
                      </span>
                      <span className="block text-neutral-600">
                        {[
                          saved.alamat_lengkap,
                          saved.village,
                          saved.district,
                          saved.city,
                          saved.province,
                          saved.kode_pos,
                        ]
                          .filter(Boolean)
                          .join(', ')}
                      </span>
                      {needsUpdate && (
                        <span className="block text-xs text-red-600">{t('addressNeedsUpdate')}</span>
                      )}
                    </span>
                  </label>
                )
              })}
            </div>
          </fieldset>
          <TrackedLink to="/member/address" className="btn-outline mt-4 w-full">
            {t('manageAddresses')}
          </TrackedLink>
        </OverlayPanel>
      )}
    </Section>
  )
}
