/** React Router's server build (the app's routes with their modules), a virtual module of its Vite plugin. */
declare module 'virtual:react-router/server-build' {
  import type { ServerBuild } from 'react-router'
  export const routes: ServerBuild['routes']
}
