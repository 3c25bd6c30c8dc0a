import { useTranslation } from '~/lib/i18n-react.ts'
import { Field, type FieldProps } from '~/components/ui/field.tsx'
import { InfoIcon } from '~/components/ui/icons.tsx'
import { digitsOnly, passwordChecks, rejectNumberKeys } from '../auth.rules.ts'

/** A digits-only input for phones and codes: refuses e, E, +, - and '.' (docs/product/account.md §5). */
export function DigitsField({ maxDigits, ...props }: FieldProps & { maxDigits: number }) {
  return (
    <Field
      {...props}
      inputMode="numeric"
      autoComplete={props.autoComplete ?? 'off'}
      onKeyDown={rejectNumberKeys}
      onValue={(value) => props.onValue(digitsOnly(value, maxDigits))}
    />
  )
}

/** The four password rules, each green when met and red when not, updated as the shopper types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth')
  return (
    <ul id={id} className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" aria-label={t('password.rulesLabel')}>
      {passwordChecks(password).map(({ rule, met }) => (
        <li key={rule} data-rule={rule} data-met={met} className={met ? 'text-green-700' : 'text-red-700'}>
          <span aria-hidden="true">{met ? '✓' : '✕'} </span>
          {t(`password.rules.${rule}`)}
          <span className="sr-only"> {met ? t('password.met') : t('password.notMet')}</span>
        </li>
      ))}
    </ul>
  )
}

/** A server message with an icon (docs/product/account.md §8: login shows the message with an icon). */
export function FormMessage({ text, tone = 'error' }: { text: string; tone?: 'error' | 'success' | 'info' }) {
  const color =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800'
      : tone === 'success'
        ? 'border-green-200 bg-green-50 text-green-800'
        : 'border-neutral-200 bg-neutral-50 text-neutral-800'
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      data-testid="auth-message"
      className={`flex items-start gap-2 border px-3 py-2 text-sm ${color}`}
    >
      <InfoIcon width={18} height={18} className="mt-px shrink-0" />
      <span>{text}</span>
    </p>
  )
}

/** The SMS / WHATSAPP choice (docs/product/account.md §5: a method is required before sending a code). */
export function ChannelChoice({
  value,
  onChange,
}: {
  value: 'SMS' | 'WHATSAPP' | null
  onChange(value: 'SMS' | 'WHATSAPP'): void
}) {
  const { t } = useTranslation('auth')
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-xs font-medium uppercase tracking-[0.14em] text-neutral-700">
        {t('otp.method')}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {(['SMS', 'WHATSAPP'] as const).map((channel) => (
          <label
            key={channel}
            className={`flex h-11 cursor-pointer items-center justify-center gap-2 border text-xs font-semibold uppercase tracking-[0.14em] ${
              value === channel ? 'border-ink bg-ink text-white' : 'border-neutral-300'
            }`}
          >
            <input
              type="radio"
              name="otp-channel"
              value={channel}
              checked={value === channel}
              onChange={() => onChange(channel)}
              className="sr-only"
            />
            {t(`otp.channels.${channel}`)}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
