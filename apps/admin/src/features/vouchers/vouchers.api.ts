import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatIdr, type AdminVoucher } from '@busana/contract/schemas'
import { staffApi } from '../../lib/api.ts'

export const voucherKey = (id: number | string) => ['voucher', String(id)] as const

/** Pause or resume a voucher; the list and the voucher's page refresh. */
export function usePauseVoucher() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      staffApi<AdminVoucher>('POST', `/vouchers/${id}/${paused ? 'pause' : 'resume'}`, { body: {} }),
    onSuccess: (voucher) => {
      void queryClient.invalidateQueries({ queryKey: ['vouchers'] })
      void queryClient.invalidateQueries({ queryKey: voucherKey(voucher.id) })
    },
  })
}

const WIB_MS = 7 * 3600_000

/** An instant as the shop's wall clock (WIB) for <input type="datetime-local">: 2026-12-01T20:00. */
export const wibLocal = (at: string | null) =>
  at ? new Date(Date.parse(at) + WIB_MS).toISOString().slice(0, 16) : ''

/** The shop's wall clock from <input type="datetime-local"> as an instant with its offset, or null. */
export const wibInstant = (local: string) => (local ? `${local.slice(0, 16)}:00+07:00` : null)

/** What the voucher takes off, as staff read it. */
export function useDiscountText() {
  const { t } = useTranslation()
  return (voucher: Pick<AdminVoucher, 'type' | 'value' | 'max_discount'>) => {
    if (voucher.type === 'PERCENTAGE') {
      return voucher.max_discount === null
        ? `${voucher.value}%`
        : t('vouchers.percentCap', { value: voucher.value, cap: formatIdr(voucher.max_discount) })
    }
    if (voucher.type === 'SHIPPING') return t('vouchers.shippingOff', { amount: formatIdr(voucher.value) })
    return formatIdr(voucher.value)
  }
}
