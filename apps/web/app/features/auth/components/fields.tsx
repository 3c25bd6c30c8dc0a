import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { InfoIcon } from '~/components/ui/icons.tsx'
import { digitsOnly, passwordChecks, rejectNumberKeys } from '../auth.rules.ts'

export const inputClass =
  'h-11 w-full border border-neutral-300 bg-white px-3 text-sm outline-none transition-colors focus:border-ink aria-[invalid=true]:border-red-600 disabled:bg-neutral-100 disabled:text-neutral-500'

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string
  value: string
  onValue(value: string): void
  /** Shown under the field in red; marks the input invalid. */
  error?: string | null
  /** A fixed label before the input (the +62 of phone numbers). */
  prefix?: string
  hint?: ReactNode
}

/** A labelled text input with its error under it. */
export function Field({ label, value, onValue, error, prefix, hint, id, ...rest }: FieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  const input = (
    <input
      id={inputId}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={`${inputClass} ${prefix ? 'border-l-0' : ''}`}
      {...rest}
    />
  )
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-xs font-medium uppercase tracking-[0.14em] text-neutral-700">
        {label}
      </label>
      {prefix ? (
        <div className="flex">
          <span
            className="inline-flex h-11 items-center border border-neutral-300 bg-neutral-100 px-3 text-sm text-neutral-700"
            aria-hidden="true"
          >
            {prefix}
          </span>
          {input}
        </div>
      ) : (
        input
      )}
      {hint}
      {error && (
        <p id={errorId} className="text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/** A digits-only input for phones and codes: refuses e, E, +, - and '.' (spec 001 section 5). */
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

/** A server message with an icon (spec 001 section 8: login shows the message with an icon). */
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

/** The SMS / WHATSAPP choice (spec 001 section 5: a method is required before sending a code). */
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
