import { createBrowserRouter } from 'react-router'
import { ForRoles, NotFound, SignedInLayout } from './components/layout.tsx'
import { AcceptInvitePage } from './features/auth/accept-invite-page.tsx'
import { LoginPage } from './features/auth/login-page.tsx'
import { NewPasswordPage } from './features/auth/new-password-page.tsx'
import { AccountPage } from './features/account/account-page.tsx'
import { AuditPage } from './features/audit/audit-page.tsx'
import { contentRoutes } from './features/content/content.routes.tsx'
import { membersRoutes } from './features/members/members.routes.tsx'
import { shippingRoutes } from './features/shipping/shipping.routes.tsx'
import { catalogRoutes } from './features/catalog/catalog.routes.tsx'
import { HomePage } from './features/home/home-page.tsx'
import { ordersRoutes } from './features/orders/orders.routes.tsx'
import { reviewsRoutes } from './features/reviews/reviews.routes.tsx'
import { returnsRoutes } from './features/returns/returns.routes.tsx'
import { StaffPage } from './features/staff/staff-page.tsx'
import { stockRoutes } from './features/stock/stock.routes.tsx'
import { vouchersRoutes } from './features/vouchers/vouchers.routes.tsx'

/**
 * The back office's screens under /admin. Each feature lists its own routes (features/x/x.routes.tsx),
 * each role-limited screen wrapped in ForRoles (lib/screens.ts says which roles see it).
 */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    { path: '/accept-invite', element: <AcceptInvitePage /> },
    {
      element: <SignedInLayout newPassword={<NewPasswordPage />} />,
      children: [
        { index: true, element: <HomePage /> },
        ...catalogRoutes,
        ...ordersRoutes,
        ...returnsRoutes,
        ...reviewsRoutes,
        ...stockRoutes,
        ...vouchersRoutes,
        ...contentRoutes,
        ...shippingRoutes,
        ...membersRoutes,
        {
          path: 'staff',
          element: (
            <ForRoles screen="staff">
              <StaffPage />
            </ForRoles>
          ),
        },
        {
          path: 'audit',
          element: (
            <ForRoles screen="audit">
              <AuditPage />
            </ForRoles>
          ),
        },
        { path: 'account', element: <AccountPage /> },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
)
