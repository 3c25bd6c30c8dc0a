import { maskPhone } from '@busana/contract'
import { Field } from '~/components/ui/field.tsx'
import { useTranslation } from '~/lib/i18n-react.ts'
import type { Checkout } from '../use-checkout.ts'
import { Section } from './section.tsx'

/**
 * The guest's contact (docs/product/shopping.md §5): the name is required; the e-mail only when the session's
 * need_email says so. The verified phone is shown, not edited.
 */
export function GuestContact({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation('checkout')
  const { contact, setContact, contactError, needEmail, guestPhone } = checkout
  const nameError = contactError === t('messages.nameRequired') ? contactError : null
  const emailError = nameError ? null : contactError
  return (
    <Section title={t('contact')}>
      <div className="grid gap-4">
        {guestPhone && (
          <p className="text-sm text-neutral-600" data-testid="guest-phone">
            {t('verifiedPhone', { phone: maskPhone(guestPhone) })}
          </p>
        )}
        <Field
          label={t('name')}
          value={contact.name}
          onValue={(name) => setContact((c) => ({ ...c, name }))}
          autoComplete="name"
          maxLength={100}
          error={nameError}
        />
        <Field
          label={needEmail ? t('email') : t('emailOptional')}
          type="email"
          value={contact.email}
          onValue={(email) => setContact((c) => ({ ...c, email }))}
          autoComplete="email"
          maxLength={254}
          error={emailError}
        />
      </div>
    </Section>
  )
}
