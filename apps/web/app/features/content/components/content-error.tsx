import { isRouteErrorResponse } from 'react-router'
import { ErrorView, NotFoundView } from '~/components/ui/not-found-view.tsx'

/** A content page that does not exist shows 'Nothing to see here!'; any other failure an apology. */
export function ContentErrorBoundary({ error }: { error: unknown }) {
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundView /> : <ErrorView />
}
