import { trackLater } from '~/lib/track-later.ts'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from '~/lib/i18n-react.ts'
import { useApi } from '~/lib/browser-api.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { loginOtp, loginOtpSend, sessionUserOf } from '../auth.api.ts'
import {
  formatCountdown,
  GUEST_OTP_DIGITS,
  GUEST_OTP_SECONDS,
  isPhone,
  phoneForApi,
  type OtpChannel,
} from '../auth.rules.ts'
import { ChannelChoice, DigitsField } from './fields.tsx'
import { Button } from '~/components/ui/button.tsx'

/** Seconds left until `deadline`, ticking every second. */
function useSecondsLeft(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (deadline === null) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [deadline])
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000))
}

/**
 * As guest (docs/product/account.md §2, 4, 8): phone after +62 and a delivery method, then the 6-digit code
 * with a 5-minute countdown; resend is blocked while it runs. Success signs in as a guest (asGuest,
 * phoneAsGuest) with 'Phone number has been successfully validated, Happy Shopping!!'.
 */
export function GuestSection() {
  const { t } = useTranslation('auth')
  const api = useApi()
  const openAuth = useOverlayStore((s) => s.openAuth)
  const closeAuth = useOverlayStore((s) => s.closeAuth)
  const showMessage = useOverlayStore((s) => s.showMessage)
  const setUser = useSessionStore((s) => s.setUser)
  const [phone, setPhone] = useState('')
  const [channel, setChannel] = useState<OtpChannel | null>(null)
  const [deadline, setDeadline] = useState<number | null>(null)
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [submitted, setSubmitted] = useState(false)
  const secondsLeft = useSecondsLeft(deadline)
  const step = deadline === null ? 'phone' : 'code'

  async function send() {
    if (!channel || !isPhone(phone) || busy) return
    setBusy(true)
    try {
      const answer = await loginOtpSend(api, channel, phoneForApi(phone))
      const seconds = answer.data?.expires_in ?? GUEST_OTP_SECONDS
      setDeadline(Date.now() + seconds * 1000)
      setCode('')
    } catch {
      // The error popup shows the server's message (e.g. too many codes this hour).
    } finally {
      setBusy(false)
    }
  }

  async function onVerify(event: FormEvent) {
    event.preventDefault()
    if (code.length !== GUEST_OTP_DIGITS || busy) return
    setBusy(true)
    try {
      const number = phoneForApi(phone)
      const answer = await loginOtp(api, number, code)
      setUser(sessionUserOf(answer.data), { asGuest: true, phone: number })
      trackLater({ name: 'login', params: { method: 'guest' } })
      closeAuth()
      showMessage(t('guest.validated'), 'success')
    } catch {
      setCode('')
    } finally {
      setBusy(false)
    }
  }

  if (step === 'phone') {
    return (
      <form
        noValidate
        className="flex flex-col gap-4"
        aria-label={t('sections.guest')}
        onSubmit={(event) => {
          event.preventDefault()
          setSubmitted(true)
          void send()
        }}
      >
        <p className="text-sm text-neutral-600">{t('guest.line')}</p>
        <DigitsField
          label={t('fields.phone')}
          prefix="+62"
          maxDigits={14}
          autoComplete="tel-national"
          value={phone}
          onValue={setPhone}
          error={submitted && !isPhone(phone) ? t('register.phoneInvalid') : null}
        />
        <ChannelChoice value={channel} onChange={setChannel} />
        <Button type="submit" className="w-full" disabled={!channel || !phone || busy}>
          {t('otp.send')}
        </Button>
        <Button
          type="button"
          variant="link"
          className="text-sm text-neutral-600 hover:text-ink"
          onClick={() => openAuth('login')}
        >
          {t('backToLogin')}
        </Button>
      </form>
    )
  }

  return (
    <form noValidate onSubmit={onVerify} className="flex flex-col gap-4" aria-label={t('otp.codeTitle')}>
      <p className="text-sm text-neutral-600">
        {t('guest.codeLine', { digits: GUEST_OTP_DIGITS, phone: `+62 ${phoneForApi(phone).slice(1)}` })}
      </p>
      <DigitsField
        label={t('otp.code')}
        maxDigits={GUEST_OTP_DIGITS}
        autoComplete="one-time-code"
        variant="code"
        className="tracking-[0.5em]"
        value={code}
        onValue={setCode}
      />
      <p className="text-center text-sm tabular-nums" data-testid="guest-countdown" aria-live="off">
        {secondsLeft > 0 ? t('guest.expiresIn', { time: formatCountdown(secondsLeft) }) : t('guest.expired')}
      </p>
      <Button type="submit" className="w-full" disabled={code.length !== GUEST_OTP_DIGITS || busy}>
        {t('otp.verify')}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button
          type="button"
          variant="link"
          className="text-neutral-600 hover:text-ink"
          onClick={() => setDeadline(null)}
        >
          {t('guest.changePhone')}
        </Button>
        <Button
          type="button"
          variant="link"
          className="font-semibold disabled:text-neutral-400 disabled:no-underline"
          disabled={secondsLeft > 0 || busy}
          onClick={() => void send()}
        >
          {t('otp.resend')}
        </Button>
      </div>
    </form>
  )
}
