import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { OrderPage } from './order-page.tsx'
import { OrdersPage } from './orders-page.tsx'
import { PackingSlipsPage } from './packing-slips-page.tsx'

/** The orders screens (owner, warehouse, support; the moves each role may make are checked per call). */
export const ordersRoutes: RouteObject[] = [
  {
    path: 'orders',
    element: (
      <ForRoles screen="orders">
        <OrdersPage />
      </ForRoles>
    ),
  },
  {
    path: 'orders/slips',
    element: (
      <ForRoles screen="orders">
        <PackingSlipsPage />
      </ForRoles>
    ),
  },
  {
    path: 'orders/:number',
    element: (
      <ForRoles screen="orders">
        <OrderPage />
      </ForRoles>
    ),
  },
]
