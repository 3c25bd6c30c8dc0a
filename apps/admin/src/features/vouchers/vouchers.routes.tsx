import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { VoucherNewPage } from './voucher-new-page.tsx'
import { VoucherPage } from './voucher-page.tsx'
import { VouchersPage } from './vouchers-page.tsx'

/** The vouchers screens (owner, marketing). */
export const vouchersRoutes: RouteObject[] = [
  {
    path: 'vouchers',
    element: (
      <ForRoles screen="vouchers">
        <VouchersPage />
      </ForRoles>
    ),
  },
  {
    path: 'vouchers/new',
    element: (
      <ForRoles screen="vouchers">
        <VoucherNewPage />
      </ForRoles>
    ),
  },
  {
    path: 'vouchers/:id',
    element: (
      <ForRoles screen="vouchers">
        <VoucherPage />
      </ForRoles>
    ),
  },
]
