import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { AdjustmentsPage } from './adjustments-page.tsx'
import { StockPage } from './stock-page.tsx'

/** The stock screens (owner, warehouse; merchandisers read: the adjusting controls are hidden for them). */
export const stockRoutes: RouteObject[] = [
  {
    path: 'stock',
    element: (
      <ForRoles screen="stock">
        <StockPage />
      </ForRoles>
    ),
  },
  {
    path: 'stock/adjustments',
    element: (
      <ForRoles screen="stock">
        <AdjustmentsPage />
      </ForRoles>
    ),
  },
]
