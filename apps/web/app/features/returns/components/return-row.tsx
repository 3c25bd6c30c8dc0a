import { formatIdr } from '@busana/contract'
import { TrackedLink } from '~/lib/tracked-link.tsx'
import { useNamespaceT } from '~/lib/use-namespace-t.ts'
import type { ReturnListItem } from '../returns.api.ts'
import { ReturnStatusChip } from './return-status.tsx'

/**
 * The parts a return's row shows alike on the order page and in the returns list; each place keeps
 * its own layout around them.
 */

/** The return's number, linking to its page, and its status chip. */
export function ReturnRowTitle({ item }: { item: ReturnListItem }) {
  return (
    <>
      <TrackedLink
        to={`/member/returns/${encodeURIComponent(item.return_number)}`}
        className="font-medium underline underline-offset-4"
      >
        {item.return_number}
      </TrackedLink>
      <ReturnStatusChip status={item.status} message={item.status_message} />
    </>
  )
}

/** Refund or exchange, with the refund's amount once it is known. */
export function ReturnRowOutcome({ item }: { item: ReturnListItem }) {
  const t = useNamespaceT('returns')
  return (
    <>
      {item.resolution === 'EXCHANGE'
        ? t('resolution.EXCHANGE', 'Exchange for another size')
        : t('resolution.REFUND', 'Refund')}
      {item.refund_amount !== null && ` · ${formatIdr(item.refund_amount)}`}
    </>
  )
}
