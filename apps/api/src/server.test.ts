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
function runServer(env: Record<string, string>, onOutput?: (text: string, kill: () => void) => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_ON_START: 'false', ...env },
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
})
