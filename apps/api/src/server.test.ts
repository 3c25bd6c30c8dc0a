import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const apiDir = fileURLToPath(new URL('..', import.meta.url))
const dataDir = mkdtempSync(join(tmpdir(), 'busana-server-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

/** Runs the API alone as a real process; resolves with its exit code and output. */
function runServer(
  env: Record<string, string | undefined>,
  onOutput?: (text: string, kill: () => void) => void,
) {
  const merged = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_ON_START: 'false',
    ...env,
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    // An undefined value leaves the variable out.
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += String(chunk)
    onOutput?.(output, () => child.kill('SIGTERM'))
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  )
}

describe('the API process', () => {
  it('stops with a message naming a bad configuration value', async () => {
    const { code, output } = await runServer({ PORT: 'not-a-port', SHIPPING_PROVIDER: 'post' })
    expect(code).toBe(1)
    expect(output).toContain('PORT')
    expect(output).toContain('SHIPPING_PROVIDER')
  })

  it('starts alone and shuts down gracefully on SIGTERM', async () => {
    let signalled = false
    const { code, output } = await runServer({ LOG_LEVEL: 'info' }, (text, kill) => {
      if (!signalled && text.includes('Server listening')) {
        signalled = true
        kill()
      }
    })
    expect(signalled).toBe(true)
    // The drain's log lines (decision 045): it began, then it finished.
    expect(output).toContain('draining: /readyz answers 503')
    expect(output).toContain('"msg":"shut down"')
    expect(code).toBe(0)
  })

  it("prints the first owner's one-time password once, in a plain block after it listens, never in the log", async () => {
    const fresh = mkdtempSync(join(tmpdir(), 'busana-first-start-'))
    try {
      const { output } = await runServer(
        { DATA_DIR: fresh, LOG_LEVEL: 'info', ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
        (text, kill) => {
          if (/One-time password:[^]*\n-{72}\n/.test(text)) kill()
        },
      )
      const password = /One-time password: +(\S+)/.exec(output)?.[1] ?? ''
      expect(password.length).toBeGreaterThanOrEqual(16)
      // Printed once listen() has resolved (server.ts); the logger may flush its own line a little later.
      expect(output).toContain('Server listening')
      expect(output.split('Busana is running')).toHaveLength(2)
      expect(output).toContain('  E-mail:             admin@busana.local\n')
      const logLines = output.split('\n').filter((line) => line.startsWith('{'))
      expect(logLines.some((line) => line.includes('one-time password'))).toBe(true)
      expect(logLines.some((line) => line.includes(password))).toBe(false)
    } finally {
      rmSync(fresh, { recursive: true, force: true })
    }
  })
})
