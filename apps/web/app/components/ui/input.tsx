import type { InputHTMLAttributes } from 'react'

const VARIANTS = {
  /** A text line of a form: ink border on focus, red when aria-invalid, grey when disabled. */
  text: 'h-11 w-full border border-neutral-300 bg-white px-3 text-sm transition-colors focus:border-ink focus-visible:outline-offset-0 aria-[invalid=true]:border-red-600 disabled:bg-neutral-100 disabled:text-neutral-500',
  /** A one-time code: large, centred monospace digits (the caller sets the letter spacing). */
  code: 'h-12 w-full border border-neutral-300 text-center font-mono text-xl focus:border-ink focus-visible:outline-offset-0',
} as const

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  variant?: keyof typeof VARIANTS
}

/** A text input of the storefront's look; `className` adds to the variant's classes. */
export function Input({ variant = 'text', className, ...rest }: InputProps) {
  return <input className={className ? `${VARIANTS[variant]} ${className}` : VARIANTS[variant]} {...rest} />
}
