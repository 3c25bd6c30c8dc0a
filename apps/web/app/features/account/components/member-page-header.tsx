import { useTranslation } from '~/lib/i18n-react.ts'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { ChevronIcon } from '~/components/ui/icons.tsx'

/** A member page's title, with a way back to the /member menu on phones. */
export function MemberPageHeader({ title }: { title: string }) {
  const { t } = useTranslation('account')
  return (
    <div className="mb-5 flex flex-col gap-2">
      <TrackedLink to="/member" className="inline-flex items-center gap-1 text-xs text-neutral-600 lg:hidden">
        <ChevronIcon direction="left" width={14} height={14} />
        {t('member.back')}
      </TrackedLink>
      <h1 className="text-lg font-semibold uppercase tracking-[0.18em]">{title}</h1>
    </div>
  )
}
