import { useTranslation } from '~/lib/i18n-react.ts'
import { OverlayPanel } from '~/components/ui/overlay-panel.tsx'
import { useApi } from '~/lib/browser-api.ts'
import { useSessionStore } from '~/lib/session-store.ts'
import { recordCampaignSeen } from '../auth.api.ts'
import { Button } from '~/components/ui/button.tsx'

/** The vouchers of spec 001 section 2 (Campaign popup), in the order the spec lists them. */
export const CAMPAIGN_VOUCHERS = ['50k', '100k', 'shipping'] as const

/**
 * Campaign popup (spec 001 section 2): the member vouchers, shown to a signed-in member whose
 * is_campaign is false, on the one configured brand (the root decides). Closing it records the view
 * (PUT /api/v1/member/is_campaign) and in the stored user, so it shows once.
 */
export function CampaignPopup() {
  const { t } = useTranslation('auth')
  const api = useApi()
  const user = useSessionStore((s) => s.user)
  const updateUser = useSessionStore((s) => s.updateUser)

  const close = () => {
    updateUser({ is_campaign: true })
    if (user) void recordCampaignSeen(api, user.id_pelanggan).catch(() => undefined)
  }

  return (
    <OverlayPanel title={t('campaign.title')} onClose={close} closeLabel={t('close')}>
      <div data-testid="campaign-popup" className="flex flex-col gap-4">
        <p className="text-sm text-neutral-700">{t('campaign.line')}</p>
        <ul className="flex flex-col gap-2">
          {CAMPAIGN_VOUCHERS.map((voucher) => (
            <li
              key={voucher}
              className="border border-dashed border-accent bg-accent-soft px-4 py-3 text-sm font-medium"
            >
              {t(`campaign.vouchers.${voucher}`)}
            </li>
          ))}
        </ul>
        <p className="text-xs text-neutral-600">
          {t('campaign.once')} {t('campaign.validUntil')}
        </p>
        <Button type="button" className="w-full" onClick={close}>
          {t('campaign.ok')}
        </Button>
      </div>
    </OverlayPanel>
  )
}
