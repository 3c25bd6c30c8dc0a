import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { ReturnPage } from './return-page.tsx'
import { ReturnSettingsPage } from './return-settings-page.tsx'
import { ReturnsPage } from './returns-page.tsx'

/**
 * The returns screens (issue 40: owner, support, warehouse; refunds and the rules' changes are the
 * owner's, checked per call).
 */
export const returnsRoutes: RouteObject[] = [
  {
    path: 'returns',
    element: (
      <ForRoles screen="returns">
        <ReturnsPage />
      </ForRoles>
    ),
  },
  {
    path: 'returns/settings',
    element: (
      <ForRoles screen="returns">
        <ReturnSettingsPage />
      </ForRoles>
    ),
  },
  {
    path: 'returns/:number',
    element: (
      <ForRoles screen="returns">
        <ReturnPage />
      </ForRoles>
    ),
  },
]
