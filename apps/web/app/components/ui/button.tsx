import type { ButtonHTMLAttributes } from 'react'

const VARIANTS = {
  /** The filled ink button (app.css `.btn-primary`): a form's main action. */
  primary: 'btn-primary',
  /** The ink outline (app.css `.btn-outline`): a second action beside or under the main one. */
  outline: 'btn-outline',
  /** Underlined text: a quiet action inside a line of text (Forgot password?, Register, Resend). */
  link: 'underline underline-offset-2',
} as const

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof VARIANTS
}

/** A button of the storefront's three kinds; `type` is 'button' unless a form's submit says so. */
export function Button({ variant = 'primary', type = 'button', className, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={className ? `${VARIANTS[variant]} ${className}` : VARIANTS[variant]}
      {...rest}
    />
  )
}
