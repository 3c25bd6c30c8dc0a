export { default as adminRoutes } from './admin.routes.ts'
export { readSales } from './sales.service.ts'
export { readTodo } from './todo.service.ts'
