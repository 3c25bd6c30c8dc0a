import type { ErrorEntry } from '../errors.ts'

/**
 * The order-updates module's codes (apps/api/src/domains/order-updates). Part of the catalogue,
 * errors.ts.
 */
export const orderUpdateErrors = {
  // STF157-STF159: the messages to an order's buyer (issue 28, decision 048)
  STF157: {
    status: 404,
    meaning: "No message of this order has this id (another order's message answers the same)",
    message: 'Message not found',
  },
  STF158: {
    status: 409,
    meaning: 'Re-send of a message still pending or sending: only a sent or failed message is sent again',
    message: 'This message is still on its way; re-send it once it is sent or has failed',
  },
  STF159: {
    status: 409,
    meaning: 'Re-send while an earlier re-send of the same message is still pending or sending',
    message: 'This message is already being sent again',
  },

  // STF160-STF161: how often staff may re-send (issue 38); Retry-After says when it may go again
  STF160: {
    status: 429,
    meaning: 'Re-send of a message already re-sent 3 times in this clock hour',
    message: 'This message has already been re-sent 3 times this hour; try again later',
  },
  STF161: {
    status: 429,
    meaning:
      'Re-send to a phone number or e-mail address that already got 10 re-sent messages this day (UTC)',
    message: 'This recipient has already been re-sent 10 messages today; try again later',
  },
} as const satisfies Record<string, ErrorEntry>

/** Their messages in Indonesian (ERROR_MESSAGES_ID): one for each code, no other. */
export const orderUpdateErrorsId: Record<keyof typeof orderUpdateErrors, string> = {
  STF157: 'Pesan tidak ditemukan',
  STF158: 'Pesan ini masih dalam pengiriman; kirim ulang setelah terkirim atau gagal',
  STF159: 'Pesan ini sudah sedang dikirim ulang',
  STF160: 'Pesan ini sudah dikirim ulang 3 kali dalam jam ini; coba lagi nanti',
  STF161: 'Penerima ini sudah dikirimi ulang 10 pesan hari ini; coba lagi nanti',
}
