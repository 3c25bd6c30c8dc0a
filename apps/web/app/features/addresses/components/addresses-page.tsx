import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useMediaQuery } from '~/lib/use-hydrated.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { useAddressStore } from '../address-store.ts'
import {
  apiRegionSource,
  deleteAddress,
  makePrimaryAddress,
  saveAddress,
  type Address,
} from '../addresses.api.ts'
import { addressToForm, emptyAddressForm, formToPayload, type AddressForm } from '../address-form.rules.ts'
import { AddressCard } from './address-card.tsx'

const AddressEditor = lazy(() => import('./address-editor.tsx'))

/** Tablet and wider get the modal; phones the inline form (docs/product/account.md §2). */
export const TABLET_QUERY = '(min-width: 768px)'

/**
 * /member/address (docs/product/account.md §2 and 4): the list, add and edit (inline or modal), delete and
 * make primary. Loads only when signed in; every call carries the token as query parameter.
 */
export function AddressesPage() {
  const { t } = useTranslation('addresses')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token)
  const { addresses, loading, load } = useAddressStore()
  const showMessage = useOverlayStore((s) => s.showMessage)
  const tablet = useMediaQuery(TABLET_QUERY)
  const source = useMemo(() => apiRegionSource(api), [api])
  const [editing, setEditing] = useState<AddressForm | null>(null)
  const [busy, setBusy] = useState(false)
  // On phones the inline form replaces the list: start it at the top of the page.
  const openForm = (form: AddressForm) => {
    setEditing(form)
    if (!tablet) window.scrollTo({ top: 0 })
  }

  useEffect(() => {
    if (token) load(api, token).catch(() => {})
  }, [api, token, load])

  if (!token) return null

  const refresh = () => load(api, token).catch(() => {})
  const done = (message: string) => {
    if (message) showMessage(message, 'success')
    setEditing(null)
    void refresh()
  }
  const onSubmit = async (form: AddressForm) =>
    done(await saveAddress(api, token, formToPayload(form), form.id_alamat))
  const onDelete = async (form: AddressForm) => {
    if (form.id_alamat === undefined) return
    done(await deleteAddress(api, token, form.id_alamat))
  }
  const onMakePrimary = async (address: Address) => {
    setBusy(true)
    try {
      const message = await makePrimaryAddress(api, token, address.id_alamat)
      if (message) showMessage(message, 'success')
      await refresh()
    } catch {
      // The request layer shows the server's message.
    } finally {
      setBusy(false)
    }
  }

  const editor = editing && (
    <Suspense fallback={<p className="text-sm text-neutral-500">{t('loading')}</p>}>
      <AddressEditor
        key={String(editing.id_alamat ?? 'new')}
        modal={tablet}
        initial={editing}
        source={source}
        onSubmit={onSubmit}
        onDelete={onDelete}
        onCancel={() => setEditing(null)}
      />
    </Suspense>
  )

  return (
    <section className="grid gap-6" aria-labelledby="saved-address-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 id="saved-address-heading" className="text-lg font-semibold uppercase tracking-[0.15em]">
          {t('title')}
        </h1>
        {!(editing && !tablet) && addresses && addresses.length > 0 && (
          <button type="button" className="btn-outline" onClick={() => openForm(emptyAddressForm())}>
            {t('addNew')}
          </button>
        )}
      </div>
      {editing && !tablet ? (
        editor
      ) : (
        <>
          {addresses === null ? (
            loading && <p className="text-sm text-neutral-500">{t('loading')}</p>
          ) : addresses.length === 0 ? (
            <div className="grid justify-items-center gap-4 border border-dashed border-neutral-300 px-4 py-12 text-center">
              <p className="text-sm text-neutral-600">{t('empty')}</p>
              <button type="button" className="btn-primary" onClick={() => openForm(emptyAddressForm())}>
                {t('addNew')}
              </button>
            </div>
          ) : (
            <ul className="grid gap-4 lg:grid-cols-2">
              {addresses.map((address) => (
                <AddressCard
                  key={String(address.id_alamat)}
                  address={address}
                  busy={busy}
                  onEdit={(a) => openForm(addressToForm(a))}
                  onMakePrimary={(a) => void onMakePrimary(a)}
                />
              ))}
            </ul>
          )}
          {editing && tablet && editor}
        </>
      )}
    </section>
  )
}
