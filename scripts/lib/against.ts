/**
 * Another commit's production build, for `BENCH_AGAINST=<commit> npm run bench` (issue 41): a
 * detached git worktree of the commit in a temporary folder, with its own `npm run build`. Its
 * node_modules is a folder of links to this checkout's, except `@busana/*`, which point into the
 * worktree's own apps and packages (and the workspaces' own node_modules, linked the same way), so
 * the older code runs against the older code. When the commit's package-lock.json differs from this
 * checkout's, the links would run the older code on newer libraries: it gets `npm ci` instead.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const here = resolve(import.meta.dirname, '../..')

export interface AgainstTree {
  /** The commit as given, and its full hash. */
  commit: string
  hash: string
  root: string
  /** 'linked' (this checkout's node_modules) or 'npm ci' (the commit's lock differs). */
  modules: 'linked' | 'npm ci'
  remove(): void
}

const git = (args: string[], cwd = here) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()

/** The workspaces' folders that hold a node_modules of their own in this checkout (apps/api, …). */
function workspaceModules(): string[] {
  const found: string[] = []
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(here, group))) {
      if (existsSync(join(here, group, name, 'node_modules'))) found.push(join(group, name))
    }
  }
  return found
}

/** node_modules of `into` as links to `from`'s entries; `@busana` links into `into`'s own workspaces. */
function linkModules(from: string, into: string, workspaces: string[]) {
  const target = join(into, 'node_modules')
  mkdirSync(target, { recursive: true })
  for (const entry of readdirSync(from)) {
    if (entry === '@busana') {
      mkdirSync(join(target, '@busana'), { recursive: true })
      for (const workspace of workspaces) {
        const name = workspace.split('/')[1]!
        if (existsSync(join(into, workspace)))
          symlinkSync(join(into, workspace), join(target, '@busana', name))
      }
      continue
    }
    if (entry === '.package-lock.json') continue
    symlinkSync(join(from, entry), join(target, entry))
  }
}

/**
 * Checks out and builds `commit` in a temporary folder (`build: false`: checks out only, for what runs
 * from sources); `remove()` takes the worktree away again.
 */
export function prepareAgainst(commit: string, options: { build?: boolean } = {}): AgainstTree {
  const hash = git(['rev-parse', '--verify', `${commit}^{commit}`])
  const root = mkdtempSync(join(tmpdir(), 'busana-against-'))
  git(['worktree', 'add', '--detach', '--force', root, hash])
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', root])
    } catch {
      rmSync(root, { recursive: true, force: true })
      git(['worktree', 'prune'])
    }
  }
  try {
    const sameLock = git(['diff', '--name-only', hash, '--', 'package-lock.json']) === ''
    const workspaces = ['apps/admin', 'apps/api', 'apps/web', 'packages/contract', 'packages/server']
    if (sameLock) {
      linkModules(join(here, 'node_modules'), root, workspaces)
      for (const workspace of workspaceModules()) {
        const own = join(here, workspace, 'node_modules')
        if (existsSync(join(root, workspace))) linkModules(own, join(root, workspace), [])
      }
    } else {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' })
    }
    if (options.build === false) {
      console.error(`BENCH_AGAINST ${commit} (${hash.slice(0, 10)}): checked out in ${root}`)
      return { commit, hash, root, modules: sameLock ? 'linked' : 'npm ci', remove }
    }
    console.log(`BENCH_AGAINST ${commit} (${hash.slice(0, 10)}): building in ${root}`)
    try {
      execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'pipe', maxBuffer: 256 * 1024 * 1024 })
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer }
      console.error(`${stdout ?? ''}${stderr ?? ''}`.split('\n').slice(-40).join('\n'))
      throw new Error(`npm run build of ${commit} failed`, { cause: error })
    }
    return { commit, hash, root, modules: sameLock ? 'linked' : 'npm ci', remove }
  } catch (error) {
    remove()
    throw error
  }
}
