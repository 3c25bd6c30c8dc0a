/**
 * nginx in front of the store for the journeys of E2E_NGINX=1 (`npm run test:e2e:nginx`, run by
 * CI): the deployment guide's configuration (deploy/nginx/busana.conf) as written, with only its
 * ports, its certificate (a throwaway self-signed one) and its upstream's servers changed. Each of
 * those changes must find its line, so the file cannot drift away from what is tested. The store
 * processes behind it listen and trust as the guide's systemd unit says (storeEnvironment).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const conf = fileURLToPath(new URL('../../../deploy/nginx/busana.conf', import.meta.url))
const unit = fileURLToPath(new URL('../../../deploy/systemd/busana@.service', import.meta.url))

/**
 * Where a store process behind nginx listens and whom it trusts: HOST and TRUST_PROXY from the
 * `Environment=` lines of the guide's systemd unit (deploy/systemd/busana@.service), as written.
 */
export function storeEnvironment(): { HOST: string; TRUST_PROXY: string } {
  const env: Record<string, string> = {}
  for (const line of readFileSync(unit, 'utf8').split('\n')) {
    const settings = /^Environment=(.*)$/.exec(line.trim())?.[1]
    for (const setting of settings?.split(/\s+/) ?? []) {
      const [name, ...value] = setting.split('=')
      env[name!] = value.join('=')
    }
  }
  const { HOST, TRUST_PROXY } = env
  if (!HOST || !TRUST_PROXY)
    throw new Error('deploy/systemd/busana@.service no longer sets HOST and TRUST_PROXY')
  return { HOST, TRUST_PROXY }
}

function replaceOnce(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to)
  if (changed === text) throw new Error(`deploy/nginx/busana.conf no longer has ${String(from)}`)
  return changed
}

export interface RunningNginx {
  origin: string
  stop(): Promise<void>
}

/** Starts nginx on 127.0.0.1:`port` (TLS) and `port + 100` (plain HTTP), proxying to `upstreams`. */
export async function startNginx(port: number, upstreams: number[]): Promise<RunningNginx> {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path))
  if (!binary)
    throw new Error("nginx is not installed: CI installs Debian's nginx package (apt-get install nginx)")
  const dir = mkdtempSync(join(tmpdir(), 'busana-nginx-'))
  // nginx's workers run as an unprivileged user when nginx starts as root: let them in.
  chmodSync(dir, 0o755)
  const certificate = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ])
  if (certificate.status !== 0) throw new Error(`openssl: ${certificate.stderr.toString()}`)

  let site = readFileSync(conf, 'utf8')
  site = replaceOnce(
    site,
    /( {4}server 127\.0\.0\.1:\d+;\n)+/,
    upstreams.map((upstream) => `    server 127.0.0.1:${upstream};\n`).join(''),
  )
  site = replaceOnce(site, /\n\s*listen \[::\]:80;/, '')
  site = replaceOnce(site, /\n\s*listen \[::\]:443 ssl http2;/, '')
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${port + 100};`)
  site = replaceOnce(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`)
  site = replaceOnce(site, /ssl_certificate {5}\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`)
  site = replaceOnce(site, /ssl_certificate_key \S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`)
  writeFileSync(join(dir, 'busana.conf'), site)
  // The parts of the main nginx.conf a package provides, pointed at this run's folder.
  const temp = (name: string) => `${name}_temp_path ${join(dir, name)};`
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      `  access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${join(dir, 'busana.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  const check = spawnSync(binary, ['-t', '-c', join(dir, 'nginx.conf')])
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr.toString()}`)

  const child: ChildProcess = spawn(binary, ['-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const origin = `https://127.0.0.1:${port}`
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${readLog(dir)}`)
    const listening = spawnSync('openssl', ['s_client', '-connect', `127.0.0.1:${port}`], { input: '' })
    if (listening.status === 0) break
    if (waited > 10_000) throw new Error(`nginx did not listen: ${readLog(dir)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    origin,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve))
        // QUIT: nginx's graceful stop, finishing the requests it holds.
        child.kill('SIGQUIT')
        await exited
      }
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

function readLog(dir: string): string {
  const file = join(dir, 'error.log')
  return existsSync(file) ? readFileSync(file, 'utf8').slice(-2000) : ''
}
