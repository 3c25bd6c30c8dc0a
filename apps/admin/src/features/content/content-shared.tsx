import { staffApi } from '../../lib/api.ts'
import { ErrorNote, Loading } from '../../components/ui.tsx'

/** A content call of the staff API (/api/admin/v1/content/…), answering the type its caller expects. */
export const call = <T,>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
  staffApi<T>(method, `/content${path}`, body === undefined ? {} : { body })

/** The create, update and delete calls of one kind of content row under /content{path}. */
export const rowCalls = <T,>(path: string) => ({
  create: (body: unknown) => call<T>('POST', path, body),
  update: (key: string, body: unknown) => call<T>('PATCH', `${path}/${encodeURIComponent(key)}`, body),
  remove: (key: string) => call('DELETE', `${path}/${encodeURIComponent(key)}`),
})

/** A field as the table shows it: '' for none. */
export const shown = (value: unknown) => String(value ?? '')

/** A section's list while it loads, or why it could not. */
export function Pending({ query }: { query: { isPending: boolean; error: unknown } }) {
  if (query.isPending) return <Loading />
  return <ErrorNote error={query.error} />
}
