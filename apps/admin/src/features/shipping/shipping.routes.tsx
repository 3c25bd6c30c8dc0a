import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { ShippingPage } from './shipping-page.tsx'

/** The shipping rate table (owner, warehouse). */
export const shippingRoutes: RouteObject[] = [
  {
    path: 'shipping',
    element: (
      <ForRoles screen="shipping">
        <ShippingPage />
      </ForRoles>
    ),
  },
]
