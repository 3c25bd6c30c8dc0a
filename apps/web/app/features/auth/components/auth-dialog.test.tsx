import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { ApiError } from '~/lib/api-client.ts'
import { useOverlayStore } from '~/lib/overlay-store.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { contractEnvelope } from '~/test/contract-answer.ts'
import { renderWithAuth } from '../test/render-auth.tsx'

const request = vi.fn()
vi.mock('~/lib/browser-api.ts', () => ({ useApi: () => ({ request }) }))

const { AuthDialog } = await import('./auth-dialog.tsx')

function Harness() {
  const open = useOverlayStore((s) => s.auth.open)
  return open ? <AuthDialog /> : null
}

const dialog = () => screen.getByTestId('auth-dialog')
const section = () => dialog().getAttribute('data-section')
const type = (label: string | RegExp, value: string) =>
  fireEvent.input(screen.getByLabelText(label), { target: { value } })
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }))

beforeEach(() => {
  request.mockReset()
  act(() => {
    useSessionStore.setState({ user: null, asGuest: false, phoneAsGuest: null })
    useOverlayStore.getState().openAuth('login')
  })
})
afterEach(() => act(() => useOverlayStore.getState().closeAuth()))

describe('AuthDialog', () => {
  it('opens on Login; empty fields mark themselves on submit; closing clears the section', () => {
    renderWithAuth(<Harness />)
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeTruthy()
    click('Login')
    expect(screen.getByText('Invalid email. Please check your email correctly.')).toBeTruthy()
    expect(screen.getByText('Password required')).toBeTruthy()
    expect(request).not.toHaveBeenCalled()

    click('Register')
    expect(section()).toBe('register')
    fireEvent.keyDown(document, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(useOverlayStore.getState().auth.section).toBe('login')
  })

  it('shows the server message with an icon on CLE015 and stays signed out', async () => {
    request.mockRejectedValueOnce(new ApiError(401, 'CLE015', 'Incorrect email or password'))
    renderWithAuth(<Harness />)
    type('Email', 'ayu@example.com')
    type('Password', 'Wrong1234')
    click('Login')
    const message = await screen.findByTestId('auth-message')
    expect(message.textContent).toContain('Incorrect email or password')
    expect(message.querySelector('svg')).toBeTruthy()
    expect(request).toHaveBeenCalledWith('/api/v1/member/login', {
      method: 'POST',
      basicAuth: { username: 'ayu@example.com', password: 'Wrong1234' },
      silent: true,
    })
    expect(useSessionStore.getState().user).toBeNull()
  })

  it('VER001 on login keeps the customer id: choose SMS, 4 digits (e, +, - refused), verify returns to Login with the message (the seed, issue 44)', async () => {
    request
      .mockRejectedValueOnce(new ApiError(403, 'VER001', 'Not verified', { id_pelanggan: 7 }))
      .mockResolvedValueOnce(
        contractEnvelope('POST /api/v2/member/resend_otp', {
          status: 200,
          message: 'A new code has been sent.',
          data: null,
        }),
      )
      .mockResolvedValueOnce(
        contractEnvelope('POST /api/v2/member/verify_otp', {
          status: 200,
          message: 'Verified',
          data: { token: 't0k', id_pelanggan: 7, is_campaign: false, need_email: false, is_guest: false },
        }),
      )
    renderWithAuth(<Harness />)
    type('Email', 'ayu@example.com')
    type('Password', 'Secret123')
    click('Login')
    await waitFor(() => expect(section()).toBe('otp'))
    const send = screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement
    expect(send.disabled).toBe(true)
    fireEvent.click(screen.getByLabelText('SMS'))
    click('Send code')
    await screen.findByText('A new code has been sent.')
    expect(request).toHaveBeenLastCalledWith('/api/v2/member/resend_otp', {
      method: 'POST',
      body: { type: 'SMS', id_pelanggan: 7 },
    })
    const code = screen.getByLabelText('Code')
    for (const key of ['e', 'E', '+', '-', '.']) {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true })
      code.dispatchEvent(event)
      expect(event.defaultPrevented).toBe(true)
    }
    type('Code', '12a345')
    expect((code as HTMLInputElement).value).toBe('1234')
    click('Verify')
    await waitFor(() => expect(section()).toBe('login'))
    expect(request).toHaveBeenLastCalledWith('/api/v2/member/verify_otp', {
      method: 'POST',
      body: { id_pelanggan: 7, otp: '1234' },
    })
    // Not signed in by the answer's session: the shopper signs in on Login, under the message.
    expect(useSessionStore.getState().user).toBeNull()
    expect(useOverlayStore.getState().auth.open).toBe(true)
    expect(await screen.findByText('Verified')).toBeTruthy()
  })

  it('MEM001 at verification (the e-mail already has an account) returns to Login with the message', async () => {
    const taken = 'This e-mail already has an account. Sign in or reset your password.'
    request
      .mockRejectedValueOnce(new ApiError(403, 'VER001', 'Not verified', { id_pelanggan: 9 }))
      .mockResolvedValueOnce(
        contractEnvelope('POST /api/v2/member/resend_otp', {
          status: 200,
          message: 'A new code has been sent.',
          data: null,
        }),
      )
      .mockRejectedValueOnce(new ApiError(409, 'MEM001', taken))
    renderWithAuth(<Harness />)
    type('Email', 'ayu@example.com')
    type('Password', 'Secret123')
    click('Login')
    await waitFor(() => expect(section()).toBe('otp'))
    fireEvent.click(screen.getByLabelText('SMS'))
    click('Send code')
    await screen.findByText('A new code has been sent.')
    type('Code', '1234')
    click('Verify')
    await waitFor(() => expect(section()).toBe('login'))
    expect(screen.getByText(taken)).toBeTruthy()
    expect(useSessionStore.getState().user).toBeNull()
  })

  it('Register sends the phone with a leading 0 and the date as YYYY-MM-DD; VER001 goes to OTP', async () => {
    request.mockResolvedValueOnce(
      contractEnvelope('POST /api/v2/member/register', {
        status: 200,
        message: 'ok',
        code: 'VER001',
        data: { id_pelanggan: 9 },
      }),
    )
    renderWithAuth(<Harness />)
    click('Register')
    click('Register')
    expect(screen.getByText('Name is required')).toBeTruthy()
    expect(screen.getByText('Please agree to continue')).toBeTruthy()
    type('Name', 'Ayu Lestari')
    type('Email', 'ayu@example')
    expect(screen.getByText('Use correct email format')).toBeTruthy()
    type('Email', 'Ayu@Example.com')
    expect(screen.getByText('+62')).toBeTruthy()
    type('Phone', '81234567890')
    type('Password', 'Secret123')
    type('Confirm password', 'Secret12')
    expect(screen.getByText('Password must be the same')).toBeTruthy()
    type('Confirm password', 'Secret123')
    type('Birth date', '1995-04-17')
    fireEvent.click(screen.getByRole('checkbox'))
    click('Register')
    await waitFor(() => expect(section()).toBe('otp'))
    expect(request).toHaveBeenCalledWith('/api/v2/member/register', {
      method: 'POST',
      silent: true,
      body: {
        nama_pelanggan: 'Ayu Lestari',
        password: 'Secret123',
        confirm_password: 'Secret123',
        email: 'ayu@example.com',
        hp: '081234567890',
        tanggal_lahir: '1995-04-17',
        source: 'WEBSITE',
      },
    })
    // Nothing is sent until the shopper chooses how; then one send, on that channel.
    expect(request).toHaveBeenCalledTimes(1)
    request.mockResolvedValueOnce(
      contractEnvelope('POST /api/v2/member/resend_otp', {
        status: 200,
        message: 'A verification code has been sent.',
        data: null,
      }),
    )
    fireEvent.click(screen.getByLabelText('WhatsApp'))
    click('Send code')
    await screen.findByText('A verification code has been sent.')
    expect(request).toHaveBeenCalledTimes(2)
    expect(request).toHaveBeenLastCalledWith('/api/v2/member/resend_otp', {
      method: 'POST',
      body: { type: 'WHATSAPP', id_pelanggan: 9 },
    })
  })

  it('MEM003 on sending (the registration expired or used its codes) returns to Login with the message', async () => {
    const expired = 'This registration has expired or is already verified. Please register again or log in.'
    request
      .mockRejectedValueOnce(new ApiError(403, 'VER001', 'Not verified', { id_pelanggan: 11 }))
      .mockRejectedValueOnce(new ApiError(404, 'MEM003', expired))
    renderWithAuth(<Harness />)
    type('Email', 'ayu@example.com')
    type('Password', 'Secret123')
    click('Login')
    await waitFor(() => expect(section()).toBe('otp'))
    fireEvent.click(screen.getByLabelText('SMS'))
    click('Send code')
    await waitFor(() => expect(section()).toBe('login'))
    expect(screen.getByText(expired)).toBeTruthy()
  })

  it('as guest: phone and method, then 6 digits with a 5-minute countdown; resend blocked while it runs', async () => {
    request
      .mockResolvedValueOnce(
        contractEnvelope('POST /api/v1/member/login_otp_send', {
          status: 200,
          message: 'sent',
          data: { expires_in: 300 },
        }),
      )
      .mockResolvedValueOnce(
        contractEnvelope('POST /api/v1/member/login_otp', {
          status: 200,
          message: 'ok',
          data: { token: 'g', id_pelanggan: 3, is_campaign: false, need_email: true, is_guest: true },
        }),
      )
    renderWithAuth(<Harness />)
    click('Continue as guest')
    expect(section()).toBe('guest')
    type('Phone', '0812345678')
    fireEvent.click(screen.getByLabelText('WhatsApp'))
    click('Send code')
    await screen.findByTestId('guest-countdown')
    expect(request).toHaveBeenCalledWith('/api/v1/member/login_otp_send', {
      method: 'POST',
      body: { type: 'WHATSAPP', phone: '0812345678' },
    })
    expect(screen.getByTestId('guest-countdown').textContent).toMatch(/Code expires in 0[45]:\d\d/)
    expect((screen.getByRole('button', { name: 'Resend code' }) as HTMLButtonElement).disabled).toBe(true)
    type('Code', '123456')
    click('Verify')
    await waitFor(() => expect(useSessionStore.getState().asGuest).toBe(true))
    expect(useSessionStore.getState().phoneAsGuest).toBe('0812345678')
    expect(useOverlayStore.getState().message?.text).toBe(
      'Phone number has been successfully validated, Happy Shopping!!',
    )
  })

  it('Forget Password: the button waits for a valid e-mail; the server error shows under the field', async () => {
    request.mockRejectedValueOnce(new ApiError(429, 'REQ006', 'Too many requests, please try again later'))
    renderWithAuth(<Harness />)
    click('Forgot password?')
    const submit = screen.getByRole('button', { name: 'Send temporary password' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    type('Email', 'ayu@example.com')
    expect(submit.disabled).toBe(false)
    click('Send temporary password')
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, please try again later')
  })

  it('checkout purpose shows the same login under its own heading', () => {
    act(() => useOverlayStore.getState().openAuth('login', 'checkout'))
    renderWithAuth(<Harness />)
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeTruthy()
    expect(screen.getByText('Login to continue checkout')).toBeTruthy()
  })

  it('issue 28: a member link that asked for the sign-in says where it leads; as guest keeps it', () => {
    act(() => useOverlayStore.getState().openAuth('login', 'order'))
    renderWithAuth(<Harness />)
    expect(screen.getByRole('dialog', { name: 'Login' })).toBeTruthy()
    expect(screen.getByTestId('auth-return-line').textContent).toBe(
      'Log in to see your order. Ordered as a guest? Continue as guest with the phone number you ordered with.',
    )
    click('Continue as guest')
    expect(section()).toBe('guest')
    expect(useOverlayStore.getState().auth.purpose).toBe('order')
    act(() => useOverlayStore.getState().openAuth('login', 'member'))
    expect(screen.getByTestId('auth-return-line').textContent).toBe('Log in to open your account.')
  })
})
