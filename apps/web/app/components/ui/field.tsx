import { useId, type ReactNode } from 'react'
import { Input, type InputProps } from './input.tsx'

export interface FieldProps extends Omit<InputProps, 'onChange' | 'value'> {
  label: string
  value: string
  onValue(value: string): void
  /** Shown under the field in red; marks the input invalid. */
  error?: string | null
  /** A fixed label before the input (the +62 of phone numbers). */
  prefix?: string
  hint?: ReactNode
}

/** A labelled text input with its hint and its error under it, tied to the input for screen readers. */
export function Field({ label, value, onValue, error, prefix, hint, id, className, ...rest }: FieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const errorId = `${inputId}-error`
  const input = (
    <Input
      id={inputId}
      value={value}
      onChange={(event) => onValue(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={[prefix ? 'border-l-0' : '', className ?? ''].join(' ').trim() || undefined}
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
