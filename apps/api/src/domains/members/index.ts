export { default as adminRoutes } from './admin.routes.ts'
export { pruneExpiredRegistrations } from './members.service.ts'
export { default as storeRoutes } from './store.routes.ts'
export { lockMember, memberContacts, type MemberContact } from './contacts.ts'
