/**
 * Shared by the hardening suites: temporary folders that are removed afterwards, tool calls as a
 * client makes them (arguments checked by the registry), and a record of every file the process opens
 * or lists, to show that nothing outside the project is read.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import type { Project } from '../src/session/project.js';
import { answer, type Answer } from '../src/tools/answer.js';
import { findTool, parseArguments } from '../src/tools/registry.js';
import { cliPath, repoRoot } from './helpers.js';

const temporaries: string[] = [];
after(() => {
  for (const folder of temporaries) fs.rmSync(folder, { recursive: true, force: true });
});

/** A new empty folder under the system's temporary folder, by its real path; removed after the suite. */
export function temporaryFolder(): string {
  const folder = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-hostile-')));
  temporaries.push(folder);
  return folder;
}

/** Writes a file, creating its folders. */
export function write(root: string, relative: string, content: string | Buffer): string {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/**
 * A tool call as the server makes it: arguments checked by the registry (which throws
 * InvalidArguments), then the tool. An internal error (a bug that reached `answer`) fails the test.
 */
export async function callTool(project: Project, name: string, args: unknown): Promise<Answer> {
  const tool = findTool(name);
  assert.ok(tool !== undefined, `no tool ${name}`);
  const result = await answer(project, tool, parseArguments(tool, args));
  assert.ok(!result.text.startsWith('Internal error'), `${name} ${JSON.stringify(args)}: ${result.text}`);
  return result;
}

/** The text of a call that must answer, not refuse. */
export async function answerOf(project: Project, name: string, args: unknown): Promise<string> {
  const result = await callTool(project, name, args);
  assert.equal(result.isError, false, `${name} ${JSON.stringify(args)} refused: ${result.text}`);
  return result.text;
}

/** The message of a call that must refuse with isError. */
export async function refusalOf(project: Project, name: string, args: unknown): Promise<string> {
  const result = await callTool(project, name, args);
  assert.equal(result.isError, true, `${name} ${JSON.stringify(args)} answered: ${result.text}`);
  return result.text;
}

/**
 * Records the real path of every file this process opens and every folder it lists, from now on.
 * The source imports `openSync`, `readdirSync` and `readFileSync` from `node:fs` as ES bindings:
 * replacing the functions and syncing the built-in exports reaches them there too.
 */
export function watchReads(): { readonly outside: (...allowed: string[]) => string[]; readonly within: (folder: string) => string[]; readonly clear: () => void } {
  const seen: string[] = [];
  const real = (target: fs.PathOrFileDescriptor): string => {
    try {
      return typeof target === 'number' ? fs.readlinkSync(`/proc/self/fd/${target}`) : fs.realpathSync(target);
    } catch {
      return String(target); // Gone or never there: the call fails, so nothing was read.
    }
  };
  const openSync = fs.openSync;
  fs.openSync = ((...args: Parameters<typeof fs.openSync>) => {
    const fd = openSync(...args);
    seen.push(real(fd)); // What was opened, after every link on the way.
    return fd;
  }) as typeof fs.openSync;
  for (const name of ['readdirSync', 'readFileSync', 'opendirSync'] as const) {
    const original = fs[name] as (...args: unknown[]) => unknown;
    (fs as Record<string, unknown>)[name] = (target: fs.PathOrFileDescriptor, ...rest: unknown[]) => {
      seen.push(real(target));
      return original(target, ...rest);
    };
  }
  syncBuiltinESMExports();
  const inside = (folder: string, file: string) => file === folder || file.startsWith(folder + path.sep);
  // The index's folder is the one place outside the project that zumba reads and writes.
  const cache = fs.realpathSync(process.env['ZUMBA_CACHE_DIR']!);
  return {
    // Besides the allowed folders, the package's own files (grammars, queries, modules) and the index may be read.
    outside: (...allowed) => seen.filter((file) => ![repoRoot, cache, ...allowed].some((folder) => inside(folder, file))),
    within: (folder) => seen.filter((file) => inside(folder, file)),
    clear: () => void seen.splice(0),
  };
}

/** The built command, run to its end. */
export function runCli(args: readonly string[], options: { cwd?: string; uid?: number; gid?: number } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', timeout: 60_000, ...options });
}

/** The unprivileged user, for permission cases when the tests run as root (who reads anything). */
export const NOBODY = { uid: 65534, gid: 65534 } as const;

/** Whether this process may run the command as NOBODY (root in a container may lack the right). */
export function canRunAsNobody(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = spawnSync(process.execPath, ['-e', ''], { ...NOBODY, timeout: 10_000 });
  return probe.status === 0;
}
