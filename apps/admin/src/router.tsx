import { createBrowserRouter } from 'react-router'
import { ForRoles, NotFound, SignedInLayout } from './components/layout.tsx'
import { AcceptInvitePage } from './features/auth/accept-invite-page.tsx'
import { LoginPage } from './features/auth/login-page.tsx'
import { AccountPage } from './features/account/account-page.tsx'
import { AuditPage } from './features/audit/audit-page.tsx'
import { HomePage } from './features/home/home-page.tsx'
import { StaffPage } from './features/staff/staff-page.tsx'

/** The back office's screens under /admin; each role-limited screen is wrapped in ForRoles. */
export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    { path: '/accept-invite', element: <AcceptInvitePage /> },
    {
      element: <SignedInLayout />,
      children: [
        { index: true, element: <HomePage /> },
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
