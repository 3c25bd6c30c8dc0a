import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field } from '~/components/ui/field.tsx'
import { phoneAfterPrefix } from '@busana/contract'
import { saveMarketingMessages, saveProfile } from '../account.api.ts'
import {
  birthDateLabel,
  genderLabel,
  instagramLabel,
  occupationLabel,
  OCCUPATIONS,
  profileToForm,
  type ProfileForm,
} from '../account.rules.ts'
import { useProfileStore } from '../profile-store.ts'

type Mode = 'view' | 'edit' | 'change-password'

// The select has no UI part of its own yet; it wears the text input's look.
const selectClass =
  'h-11 w-full border border-neutral-300 bg-white px-3 text-sm focus:border-ink focus-visible:outline-offset-0 disabled:bg-neutral-100 disabled:text-neutral-500'

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr] sm:gap-4" data-testid={testId}>
      <dt className="text-xs font-medium uppercase tracking-[0.14em] text-neutral-500">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  )
}

export interface AccountInfoPageProps {
  /** The change-password form (composed by the route from the auth feature); `onDone` closes the modal. */
  renderChangePassword(onDone: () => void): ReactNode
}

/**
 * Account info (docs/product/account.md §2): view, edit and change-password modes. Email and phone show but
 * are not editable; the phone shows after +62 without its first digit; SAVE needs a name; Cancel
 * (reset) returns to view with the server's values.
 */
export function AccountInfoPage({ renderChangePassword }: AccountInfoPageProps) {
  const { t, i18n } = useTranslation('account')
  const api = useApi()
  const token = useSessionStore((s) => s.user?.token)
  const { profile, load, set } = useProfileStore()
  const showMessage = useOverlayStore((s) => s.showMessage)
  const [mode, setMode] = useState<Mode>('view')
  const [form, setForm] = useState<ProfileForm | null>(null)
  const [busy, setBusy] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const [savingMessages, setSavingMessages] = useState(false)

  // Profile data loads only when signed in (docs/product/account.md §4).
  useEffect(() => {
    if (token) load(api).catch(() => undefined)
  }, [api, token, load])

  if (!profile) {
    return (
      <p className="py-10 text-sm text-neutral-500" role="status">
        {t('loading')}
      </p>
    )
  }

  const reset = () => {
    setForm(null)
    setSubmitted(false)
    setMode('view')
  }
  const edit = () => {
    setForm(profileToForm(profile))
    setMode('edit')
  }
  const update = <K extends keyof ProfileForm>(key: K, value: ProfileForm[K]) =>
    setForm((current) => (current ? { ...current, [key]: value } : current))

  async function onSave(event: FormEvent) {
    event.preventDefault()
    setSubmitted(true)
    if (!form || !form.nama.trim() || busy) return
    setBusy(true)
    try {
      const answer = await saveProfile(api, form)
      if (answer.data) set({ ...profile!, ...answer.data })
      else await load(api)
      showMessage(answer.message || t('saved'), 'success')
      reset()
    } catch {
      // The error popup shows the server's message; the form keeps what was typed.
    } finally {
      setBusy(false)
    }
  }

  /** The alerts' messages switch saves at once, on its own PATCH; it flips once the server has it. */
  async function onMessages(on: boolean) {
    if (!profile || savingMessages) return
    setSavingMessages(true)
    try {
      const answer = await saveMarketingMessages(api, profile.nama, on)
      set({ ...profile, ...(answer.data ?? { marketing_messages: on }) })
      showMessage(answer.message || t('saved'), 'success')
    } catch {
      // The error popup shows the server's message; the switch stays as the server has it.
    } finally {
      setSavingMessages(false)
    }
  }

  const nameError = submitted && form && !form.nama.trim() ? t('nameRequired') : null

  return (
    <div className="flex flex-col gap-6" data-testid="account-info" data-mode={mode}>
      <section className="border border-neutral-200 p-5 sm:p-6" aria-labelledby="account-info-heading">
        <div className="mb-2 flex items-center justify-between gap-4">
          <h2 id="account-info-heading" className="text-sm font-semibold uppercase tracking-[0.18em]">
            {t('details')}
          </h2>
          {mode === 'edit' ? (
            <Button variant="link" className="text-sm" onClick={reset}>
              {t('cancel')}
            </Button>
          ) : (
            <Button variant="link" className="text-sm" onClick={edit}>
              {t('edit')}
            </Button>
          )}
        </div>
        {mode === 'edit' && form ? (
          <form noValidate onSubmit={onSave} className="flex flex-col gap-4 pt-2" aria-label={t('editTitle')}>
            <Field
              label={t('fields.name')}
              value={form.nama}
              autoComplete="name"
              onValue={(value) => update('nama', value)}
              error={nameError}
            />
            <fieldset className="flex flex-col gap-1.5">
              <legend className="mb-1.5 text-xs font-medium uppercase tracking-[0.14em] text-neutral-700">
                {t('fields.gender')}
              </legend>
              <div className="flex gap-6 text-sm">
                {(['MALE', 'FEMALE'] as const).map((gender) => (
                  <label key={gender} className="flex items-center gap-2">
                    <input
                      type="radio"
                      name="gender"
                      className="size-4 accent-ink"
                      checked={form.gender === gender}
                      onChange={() => update('gender', gender)}
                    />
                    {genderLabel(gender)}
                  </label>
                ))}
              </div>
            </fieldset>
            <Field
              label={t('fields.instagram')}
              value={form.instagram}
              placeholder="@username"
              onValue={(value) => update('instagram', value)}
            />
            <Field
              label={t('fields.birthDate')}
              type="date"
              value={form.tanggal_lahir}
              max={new Date().toISOString().slice(0, 10)}
              onValue={(value) => update('tanggal_lahir', value)}
            />
            <label className="flex flex-col gap-1.5 text-xs font-medium uppercase tracking-[0.14em] text-neutral-700">
              {t('fields.occupation')}
              <select
                className={selectClass}
                value={form.jenis_pekerjaan}
                onChange={(e) => update('jenis_pekerjaan', e.target.value as ProfileForm['jenis_pekerjaan'])}
              >
                <option value="">-</option>
                {OCCUPATIONS.map((occupation) => (
                  <option key={occupation} value={occupation}>
                    {occupationLabel(occupation)}
                  </option>
                ))}
              </select>
            </label>
            <Field
              label={t('fields.email')}
              value={profile.email ?? ''}
              onValue={() => {}}
              disabled
              readOnly
            />
            <Field
              label={t('fields.phone')}
              prefix="+62"
              value={phoneAfterPrefix(profile.hp)}
              onValue={() => {}}
              disabled
              readOnly
            />
            <div className="flex gap-3">
              <Button type="submit" className="flex-1" disabled={busy || !form.nama.trim()}>
                {t('save')}
              </Button>
              <Button variant="outline" className="h-11 flex-1" onClick={reset}>
                {t('cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <dl className="divide-y divide-neutral-100">
            <Row label={t('fields.name')} testId="profile-name">
              {profile.nama || '-'}
            </Row>
            <Row label={t('fields.gender')} testId="profile-gender">
              {genderLabel(profile.gender)}
            </Row>
            <Row label={t('fields.instagram')} testId="profile-instagram">
              {instagramLabel(profile.instagram)}
            </Row>
            <Row label={t('fields.birthDate')} testId="profile-birth-date">
              {birthDateLabel(profile.tanggal_lahir, i18n.language)}
            </Row>
            <Row label={t('fields.occupation')} testId="profile-occupation">
              {occupationLabel(profile.jenis_pekerjaan)}
            </Row>
            <Row label={t('fields.email')} testId="profile-email">
              {profile.email || '-'}
            </Row>
            <Row label={t('fields.phone')} testId="profile-phone">
              +62 {phoneAfterPrefix(profile.hp)}
            </Row>
          </dl>
        )}
      </section>

      <section className="border border-neutral-200 p-5 sm:p-6" aria-labelledby="messages-heading">
        <h2 id="messages-heading" className="text-sm font-semibold uppercase tracking-[0.18em]">
          {t('messages.title')}
        </h2>
        <label className="mt-4 flex cursor-pointer items-start justify-between gap-4">
          <span className="text-sm">
            <span id="messages-alerts" className="block text-ink">
              {t('messages.alerts')}
            </span>
            <span id="messages-line" className="mt-1 block text-xs text-neutral-500">
              {t('messages.line')}
            </span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className="peer sr-only"
            checked={profile.marketing_messages === true}
            disabled={savingMessages}
            aria-labelledby="messages-alerts"
            aria-describedby="messages-line"
            onChange={(event) => void onMessages(event.target.checked)}
          />
          <span
            aria-hidden="true"
            className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-neutral-300 transition-colors peer-checked:bg-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink peer-disabled:cursor-wait peer-disabled:opacity-60 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
          />
        </label>
      </section>

      <section className="border border-neutral-200 p-5 sm:p-6" aria-labelledby="change-password-heading">
        <h2 id="change-password-heading" className="text-sm font-semibold uppercase tracking-[0.18em]">
          {t('changePassword.title')}
        </h2>
        <p className="mt-2 text-sm text-neutral-600">{t('changePassword.line')}</p>
        <Button variant="outline" className="mt-4" onClick={() => setMode('change-password')}>
          {t('changePassword.open')}
        </Button>
      </section>

      {mode === 'change-password' && (
        <OverlayPanel title={t('changePassword.title')} onClose={reset} closeLabel={t('close')}>
          {renderChangePassword(reset)}
        </OverlayPanel>
      )}
    </div>
  )
}
