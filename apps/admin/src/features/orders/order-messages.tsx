import { useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { can, type AdminOrderDetail, type AdminOrderMessage } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'
import { useStaff } from '../../lib/session.ts'
import { ConfirmButton } from '../../components/confirm-dialog.tsx'
import { Badge, Card, ShopTime } from '../../components/ui.tsx'

/**
 * What the buyer was told about the order (issue 28, decision 048): each message by WhatsApp, SMS
 * or e-mail with its state and the text sent, oldest first; staff with orders.message re-send a
 * sent or failed one (a new message, sent within seconds).
 */
export function OrderMessages({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation()
  const me = useStaff()
  const queryClient = useQueryClient()
  const mayResend = can(me.role, 'orders.message')
  // The first message of each line whose re-send is still on its way (the server refuses another).
  const busyLines = new Set(
    order.messages
      .filter((message) => message.resend_of !== null && unfinished(message))
      .map((message) => message.resend_of),
  )
  const number = order.sales_order_number
  return (
    <Card title={t('orderMessages.title')}>
      {order.messages.length === 0 ? (
        <p className="text-sm text-slate-500">{t('orderMessages.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t('orderMessages.title')}>
          {order.messages.map((message) => {
            const line = message.resend_of ?? message.id
            const lineBusy = mayResend && !unfinished(message) && busyLines.has(line)
            const resendable = mayResend && !unfinished(message) && !lineBusy
            const words = {
              moment: t(`orderMessages.moment.${message.moment}`),
              channel: t(`orderMessages.channel.${message.channel}`),
              recipient: message.recipient,
            }
            return (
              <li key={message.id} className="flex flex-col gap-1 py-3 text-sm" data-testid="order-message">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{words.moment}</span>
                      <Badge>{words.channel}</Badge>
                      <MessageState message={message} />
                    </div>
                    <div className="break-all text-slate-600">{message.recipient}</div>
                  </div>
                  {resendable && (
                    <ConfirmButton
                      look="secondary"
                      label={t('orderMessages.resend')}
                      buttonLabel={t('orderMessages.resendLabel', words)}
                      title={t('orderMessages.resendTitle')}
                      confirm={t('orderMessages.resend')}
                      onConfirm={() =>
                        staffApi(
                          'POST',
                          `/orders/${encodeURIComponent(number)}/messages/${message.id}/resend`,
                          { body: {} },
                        )
                      }
                      onDone={() => void queryClient.invalidateQueries({ queryKey: ['order', number] })}
                    >
                      {t('orderMessages.resendText', words)}
                    </ConfirmButton>
                  )}
                  {lineBusy && (
                    <span className="text-xs text-slate-500">{t('orderMessages.resendPending')}</span>
                  )}
                </div>
                <div className="text-xs text-slate-500">
                  {t('orderMessages.queued')} <ShopTime at={message.created_at} /> ·{' '}
                  {message.requested_by === 'system'
                    ? t('orderMessages.bySystem')
                    : t('orderMessages.byStaff', { who: message.requested_by.replace(/^staff:/, '') })}
                  {message.resend_of !== null && (
                    <> · {t('orderMessages.resendOf', { id: message.resend_of })}</>
                  )}
                </div>
                {message.last_error && message.state !== 'sent' && (
                  <p className="text-xs break-words text-red-700">{message.last_error}</p>
                )}
                {message.body !== null && (
                  <details className="text-slate-700">
                    <summary className="cursor-pointer text-xs font-medium text-slate-600">
                      {t('orderMessages.text')}
                    </summary>
                    <div className="mt-1 rounded-md bg-slate-50 p-2">
                      {message.subject && <p className="mb-1 font-medium">{message.subject}</p>}
                      <pre className="font-sans text-xs break-words whitespace-pre-wrap">{message.body}</pre>
                    </div>
                  </details>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </Card>
  )
}

const unfinished = (message: AdminOrderMessage) => message.state === 'pending' || message.state === 'sending'

/** Sent (when), sending, waiting, retrying (attempts, next try) or failed (attempts). */
function MessageState({ message }: { message: AdminOrderMessage }) {
  const { t } = useTranslation()
  const attempts = t('orderMessages.attempts', { count: message.attempts })
  switch (message.state) {
    case 'sent':
      return (
        <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
          <Badge tone="green">{t('orderMessages.sent')}</Badge>
          <ShopTime at={message.sent_at} />
        </span>
      )
    case 'sending':
      return <Badge>{t('orderMessages.sending')}</Badge>
    case 'failed':
      return (
        <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
          <Badge tone="red">{t('orderMessages.failed')}</Badge>
          {attempts}
        </span>
      )
    default:
      return message.attempts === 0 ? (
        <Badge tone="amber">{t('orderMessages.waiting')}</Badge>
      ) : (
        <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
          <Badge tone="amber">{t('orderMessages.retrying')}</Badge>
          {attempts} · {t('orderMessages.nextTry')} <ShopTime at={message.next_attempt_at} />
        </span>
      )
  }
}

/** While a new message waits for its first attempt (or is being sent), the page asks again every few seconds. */
export const messagesOnTheirWay = (order: AdminOrderDetail | undefined) =>
  order?.messages.some(
    (message) => message.state === 'sending' || (message.state === 'pending' && message.attempts === 0),
  ) ?? false
