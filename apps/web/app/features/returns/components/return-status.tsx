import type { ReturnStatus } from '@busana/contract'
import { returnTone } from '../returns.rules.ts'

/** A return's status chip: the API's words for it (in the page's language), coloured by state. */
export function ReturnStatusChip({ status, message }: { status: ReturnStatus; message: string }) {
  return (
    <span className={`px-2 py-0.5 text-xs font-semibold ${returnTone(status)}`} data-testid="return-status">
      {message}
    </span>
  )
}
