/**
 * The production server (apps/web/server.ts) under the bench's own entry point. Its command line
 * does not name apps/web/server.ts, so a `pkill -f apps/web/server.ts` stopping another checkout's
 * server on a shared machine does not stop the measured one mid-run (it did, twice).
 */
await import('../../apps/web/server.ts')
