import { useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { ApiError } from '~/lib/api-client.ts'
import { resendOtp, verifyOtp } from '../auth.api.ts'
import { REGISTER_OTP_DIGITS, type OtpChannel } from '../auth.rules.ts'
import { useAuthFlowStore } from '../auth-flow-store.ts'
import { ChannelChoice, DigitsField, FormMessage } from './fields.tsx'
import { Button } from '~/components/ui/button.tsx'

/**
 * OTP of a registration (docs/product/account.md §2 and 4): choose SMS or WHATSAPP, and only then is the
 * code sent, there and nowhere else (register itself sends nothing); then enter the 4 digits;
 * resend is available. After verification the section returns to Login with the server's message,
 * as the seed's Auth flow says (docs/product/account.md §4), whatever else the server answers.
 */
export function OtpSection() {
  const { t } = useTranslation('auth')
  const api = useApi()
  const openAuth = useOverlayStore((s) => s.openAuth)
  const idPelanggan = useAuthFlowStore((s) => s.idPelanggan)
  const setNotice = useAuthFlowStore((s) => s.setNotice)
  const [channel, setChannel] = useState<OtpChannel | null>(null)
  const [step, setStep] = useState<'method' | 'code'>('method')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [sentMessage, setSentMessage] = useState<string | null>(null)

  if (!idPelanggan) {
    // Reached without a customer id (e.g. a reload): nothing to verify, back to Login.
    return (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-neutral-600">{t('otp.noCustomer')}</p>
        <Button type="button" className="w-full" onClick={() => openAuth('login')}>
          {t('backToLogin')}
        </Button>
      </div>
    )
  }
  const customer = idPelanggan

  async function send() {
    if (!channel || busy) return
    setBusy(true)
    try {
      const answer = await resendOtp(api, channel, customer)
      setSentMessage(answer.message || t('otp.sent'))
      setStep('code')
      setCode('')
    } catch (error) {
      // MEM003: the registration expired (a day), was verified meanwhile, or had all its codes;
      // the way on is Login (or Register again from there), with the server's message.
      if (error instanceof ApiError && error.code === 'MEM003') {
        setNotice(error.message)
        openAuth('login')
      }
      // Otherwise the error popup shows the server's message.
    } finally {
      setBusy(false)
    }
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault()
    if (code.length !== REGISTER_OTP_DIGITS || busy) return
    setBusy(true)
    try {
      const answer = await verifyOtp(api, customer, code)
      // The seed's Auth flow (001): after verification the section returns to Login with the
      // server's message; the shopper signs in there (a press that opened the dialog still
      // completes then). The session the API also answers is not taken (issue 44).
      setNotice(answer.message || t('otp.verified'))
      openAuth('login')
    } catch (error) {
      // MEM001: the phone is proven but the e-mail already has an account (the server dropped the
      // registration). Signing in, or resetting the password, is the way on: back to Login.
      if (error instanceof ApiError && error.code === 'MEM001') {
        setNotice(error.message)
        openAuth('login')
        return
      }
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  if (step === 'method') {
    return (
      <form
        noValidate
        className="flex flex-col gap-4"
        aria-label={t('otp.chooseTitle')}
        onSubmit={(event) => {
          event.preventDefault()
          void send()
        }}
      >
        <p className="text-sm text-neutral-600">{t('otp.chooseLine')}</p>
        <ChannelChoice value={channel} onChange={setChannel} />
        <Button type="submit" className="w-full" disabled={!channel || busy}>
          {t('otp.send')}
        </Button>
      </form>
    )
  }

  return (
    <form noValidate onSubmit={onVerify} className="flex flex-col gap-4" aria-label={t('otp.codeTitle')}>
      {sentMessage && <FormMessage text={sentMessage} tone="success" />}
      <p className="text-sm text-neutral-600">{t('otp.codeLine', { digits: REGISTER_OTP_DIGITS })}</p>
      <DigitsField
        label={t('otp.code')}
        maxDigits={REGISTER_OTP_DIGITS}
        autoComplete="one-time-code"
        variant="code"
        className="tracking-[0.6em]"
        value={code}
        onValue={setCode}
      />
      <Button type="submit" className="w-full" disabled={code.length !== REGISTER_OTP_DIGITS || busy}>
        {t('otp.verify')}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button
          type="button"
          variant="link"
          className="text-neutral-600 hover:text-ink"
          onClick={() => setStep('method')}
        >
          {t('otp.changeMethod')}
        </Button>
        <Button
          type="button"
          variant="link"
          className="font-semibold disabled:text-neutral-400"
          disabled={busy}
          onClick={() => void send()}
        >
          {t('otp.resend')}
        </Button>
      </div>
    </form>
  )
}
