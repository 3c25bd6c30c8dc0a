export * from './catalog.ts'
export * from './members.ts'
export * from './addresses.ts'
export * from './cart.ts'
