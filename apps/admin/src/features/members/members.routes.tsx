import type { RouteObject } from 'react-router'
import { ForRoles } from '../../components/layout.tsx'
import { MemberPage } from './member-page.tsx'
import { MembersPage } from './members-page.tsx'

/** The members screens (owner, support). */
export const membersRoutes: RouteObject[] = [
  {
    path: 'members',
    element: (
      <ForRoles screen="members">
        <MembersPage />
      </ForRoles>
    ),
  },
  {
    path: 'members/:id',
    element: (
      <ForRoles screen="members">
        <MemberPage />
      </ForRoles>
    ),
  },
]
