import { useEffect, useState } from 'react'
import { formatIdr, formatWib, type CampaignVoucher } from '@busana/contract'
import { useTranslation } from '~/lib/i18n-react.ts'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { useApi } from '~/lib/browser-api.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { fetchCampaignVouchers, recordCampaignSeen } from '../auth.api.ts'
import { Button } from '~/components/ui/button.tsx'

/**
 * Campaign popup (docs/product/account.md §2, decision 034): the member vouchers checkout accepts now
 * (GET /api/v1/member/campaign), each with its terms and its real validity, shown to a signed-in
 * member whose is_campaign is false, on the one configured brand (the root decides). Closing it
 * records the view (PUT /api/v1/member/is_campaign) and in the stored user, so it shows once. With
 * no valid voucher (or the call failing) nothing shows and nothing is recorded.
 */
export function CampaignPopup() {
  const { t } = useTranslation('auth')
  const api = useApi()
  const user = useSessionStore((s) => s.user)
  const updateUser = useSessionStore((s) => s.updateUser)
  const [vouchers, setVouchers] = useState<CampaignVoucher[] | null>(null)

  useEffect(() => {
    let live = true
    fetchCampaignVouchers(api)
      .then((list) => live && setVouchers(list))
      .catch(() => live && setVouchers([]))
    return () => {
      live = false
    }
  }, [api])

  if (!vouchers?.length) return null

  const close = () => {
    updateUser({ is_campaign: true })
    if (user) void recordCampaignSeen(api, user.id_pelanggan).catch(() => undefined)
  }

  return (
    <OverlayPanel title={t('campaign.title')} onClose={close} closeLabel={t('close')}>
      <div data-testid="campaign-popup" className="flex flex-col gap-4">
        <p className="text-sm text-neutral-700">{t('campaign.line')}</p>
        <ul className="flex flex-col gap-2">
          {vouchers.map((voucher) => (
            <li
              key={voucher.kode_promo}
              data-testid="campaign-voucher"
              className="flex flex-col gap-1 border border-dashed border-accent bg-accent-soft px-4 py-3 text-sm"
            >
              <span className="font-medium">
                {t(`campaign.vouchers.${voucher.type}`, {
                  value: voucher.type === 'PERCENTAGE' ? voucher.value : formatIdr(voucher.value),
                  max: formatIdr(voucher.max_discount ?? 0),
                  min: formatIdr(voucher.min_purchase),
                })}
              </span>
              <span className="text-xs text-neutral-700">
                {t('campaign.code')}{' '}
                <span className="font-semibold tracking-wider text-ink">{voucher.kode_promo}</span>
                {voucher.valid_until && (
                  <>
                    {' · '}
                    <span data-testid="campaign-valid-until">
                      {t('campaign.validUntil', { date: formatWib(Date.parse(voucher.valid_until)) })}
                    </span>
                  </>
                )}
              </span>
            </li>
          ))}
        </ul>
        <p className="text-xs text-neutral-600">{t('campaign.once')}</p>
        <Button type="button" className="w-full" onClick={close}>
          {t('campaign.ok')}
        </Button>
      </div>
    </OverlayPanel>
  )
}
