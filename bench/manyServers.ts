/**
 * Several agents' servers at once, as tasks run them: each on a new git worktree of one repository
 * (`<corpus>/linux`, a git repository's top), its index built, with rg unsorted on every core (best
 * of three) beside each row in the same run. Each case runs its servers alone (`ZUMBA_ALONE=1`) and
 * through the user's shared server, on worktrees new to the index either way:
 * - four servers started at once: each one's first find_symbol, from its spawn, the call coming at
 *   once after the handshake, and the memory of all (PSS: pages shared between processes count
 *   once), the shared server and every worker included; and four more, each call coming a model's
 *   turn after its handshake (AGENT_PAUSE_MS), the call's own time;
 * - one server on a new worktree, where another server of the repository is warm (a shared one):
 *   from its spawn, the call coming at once after the handshake; and the call's own time, the call
 *   coming a model's turn after the handshake (AGENT_PAUSE_MS), as an agent's first call comes;
 * - warm calls;
 * - eight servers at once: every answer the same as a lone server's with no index.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AGENT_PAUSE_MS, CLI, LineClient, timed } from './lineClient.js';
import { bestTime, rgArgs } from './searchSpeed.js';
import type { Row } from './table.js';

/** Names no other section asks, so that no answer is warm from the page cache of the same query. */
const NAMES = ['kmem_cache_alloc', 'blk_mq_alloc_tag_set', 'usb_register_driver', 'zumba_never_defined', 'pci_register_driver', 'spi_register_driver'];
const GOALS = { many: 1.5, one: 1, warm: 0.05, pssMb: 600 };
/** How long a warm server is left before its warm calls: its fill and first snapshot are written by then. */
const SETTLE_MS = 20_000;
/** The median of this many warm calls. */
const WARM_CALLS = 9;

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', args, { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} in ${cwd} exited with ${result.status}`);
}

function isGitTop(folder: string): boolean {
  const result = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: folder, encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() === folder;
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The pids whose command line holds all of these words: this cache's servers and its shared server. */
function processesWith(...words: string[]): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return words.every((word) => args.includes(word));
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Proportional set size of these processes together, in MB (threads are counted with their process). */
function pssMb(pids: readonly number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))![1]);
    } catch {
      // Gone meanwhile.
    }
  }
  return kb / 1024;
}

/** The highest PSS of the cache's processes, sampled every 100 ms while `work` runs. */
async function peakPss<T>(cache: string, work: () => Promise<T>): Promise<{ peak: number; value: T }> {
  let peak = 0;
  // The servers and the shared server: each runs this program with this cache.
  const sample = () => (peak = Math.max(peak, pssMb(processesWith(CLI, cache))));
  const sampler = setInterval(sample, 100);
  try {
    const value = await work();
    sample();
    return { peak, value };
  } finally {
    clearInterval(sampler);
  }
}

export async function manyServers(corpus: string): Promise<{ rows: Row[]; mismatches: string[] }> {
  const tree = path.join(corpus, 'linux');
  if (!isGitTop(tree)) throw new Error(`${tree} is not a git repository's top: \`git init && git add -A && git commit\` it first`);
  const rows: Row[] = [];
  const mismatches: string[] = [];
  const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-cache-'));
  const worktrees = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-worktrees-'));
  let made = 0;
  const newWorktree = () => {
    const at = path.join(worktrees, `task-${++made}`);
    git(tree, 'worktree', 'add', '--detach', '-q', at);
    git(at, 'status', '--short'); // As a task's first git command: the index written anew, a tick after the checkout.
    return at;
  };
  const server = async (project: string, shared: boolean) => {
    const client = new LineClient(['mcp', project, '--cache-dir', cache], [], { shared });
    await client.initialize();
    return client;
  };
  const rg = (name: string) => bestTime('rg', rgArgs(name), tree);
  const ratioRow = (metric: string, ms: number, rgMs: number, goal: number): Row => ({ metric, ours: ms, unit: 'ms', reference: { value: rgMs, tool: 'rg' }, goal: `≤ ${goal}× rg`, met: ms <= goal * rgMs });
  try {
    const indexed = spawnSync(process.execPath, [CLI, 'index', '--project', tree, '--cache-dir', cache], { stdio: 'ignore', env: { ...process.env, ZUMBA_ALONE: '1' } });
    if (indexed.status !== 0) throw new Error(`zumba index of ${tree} exited with ${indexed.status}`);
    const expected = new Map(NAMES.map((name) => [name, spawnSync(process.execPath, [CLI, 'find-symbol', '--no-cache', '--project', tree, name], { encoding: 'utf8', maxBuffer: 1 << 28 }).stdout.trimEnd()]));
    const check = (what: string, name: string, text: string) => {
      if (text !== expected.get(name)) mismatches.push(`${what}: find_symbol ${name} differs from a lone server's with no index`);
    };

    for (const shared of [false, true]) {
      const how = shared ? 'shared' : 'alone';
      const name = NAMES[0]!;
      // A server warm on the repository's main worktree, as another task's would be.
      const warm = await server(tree, shared);
      check(`${how}, the main worktree`, name, await warm.callTool('find_symbol', { name }));
      const fourTrees = Array.from({ length: 4 }, newWorktree);
      const rgFour = rg(name);
      const four = await peakPss(cache, () =>
        Promise.all(
          fourTrees.map(async (project) => {
            const { ms, value } = await timed(async () => (await server(project, shared)).callTool('find_symbol', { name }));
            return { ms, text: value };
          }),
        ),
      );
      four.value.forEach(({ text }, i) => check(`${how}, four at once, server ${i + 1}`, name, text));
      const slowest = Math.max(...four.value.map(({ ms }) => ms));
      rows.push(ratioRow(`4 servers at once on 4 new worktrees, ${how}: slowest first find_symbol (spawn to answer)`, slowest, rgFour, GOALS.many));
      rows.push({ metric: `4 servers at once on 4 new worktrees, ${how}: peak PSS of all, workers and shared server included`, ours: four.peak, unit: 'MB', goal: `≤ ${GOALS.pssMb} MB`, met: four.peak <= GOALS.pssMb });
      for (const pid of processesWith(CLI, cache, 'mcp')) if (pid !== warm.pid) process.kill(pid, 'SIGTERM');

      // The same, each call coming a model's turn after its server's handshake, as an agent's first call comes.
      const laterName = NAMES[5]!;
      const rgFourLater = rg(laterName);
      const fourLater = await Promise.all(
        Array.from({ length: 4 }, newWorktree).map(async (project) => {
          const client = await server(project, shared);
          await sleep(AGENT_PAUSE_MS);
          return timed(() => client.callTool('find_symbol', { name: laterName }));
        }),
      );
      fourLater.forEach(({ value }, i) => check(`${how}, four at once, ${AGENT_PAUSE_MS / 1000} s after the handshake, server ${i + 1}`, laterName, value));
      const slowestLater = Math.max(...fourLater.map(({ ms }) => ms));
      rows.push(ratioRow(`4 servers at once on 4 new worktrees, ${how}: slowest first find_symbol ${AGENT_PAUSE_MS / 1000} s after its handshake (the call alone)`, slowestLater, rgFourLater, GOALS.many));
      for (const pid of processesWith(CLI, cache, 'mcp')) if (pid !== warm.pid) process.kill(pid, 'SIGTERM');

      const secondName = NAMES[1]!;
      const rgOne = rg(secondName);
      const oneTree = newWorktree();
      const one = await timed(async () => (await server(oneTree, shared)).callTool('find_symbol', { name: secondName }));
      check(`${how}, one new worktree`, secondName, one.value);
      rows.push(ratioRow(`1 server on a new worktree, another warm on the main one, ${how}: first find_symbol (spawn to answer)`, one.ms, rgOne, GOALS.one));

      await sleep(SETTLE_MS);
      const warmName = NAMES[2]!;
      const rgWarm = rg(warmName);
      const calls: number[] = [];
      for (let i = 0; i < WARM_CALLS; i++) calls.push((await timed(() => warm.callTool('find_references', { name: warmName }))).ms);
      rows.push(ratioRow(`warm find_references on the main worktree, ${how} (median of ${WARM_CALLS})`, median(calls), rgWarm, GOALS.warm));

      const pausedName = NAMES[4]!;
      const rgPaused = rg(pausedName);
      const pausedTree = newWorktree();
      const paused = await server(pausedTree, shared);
      await sleep(AGENT_PAUSE_MS);
      const pausedCall = await timed(() => paused.callTool('find_symbol', { name: pausedName }));
      check(`${how}, one new worktree, ${AGENT_PAUSE_MS / 1000} s after the handshake`, pausedName, pausedCall.value);
      rows.push(ratioRow(`1 server on a new worktree, another warm on the main one, ${how}: first find_symbol ${AGENT_PAUSE_MS / 1000} s after the handshake (the call alone)`, pausedCall.ms, rgPaused, GOALS.one));
      for (const pid of processesWith(CLI, cache)) process.kill(pid, 'SIGTERM'); // The shared server too.
      await sleep(2000);
    }

    // Eight at once, shared: nothing crashes, every answer exact.
    const name = NAMES[3]!;
    const eight = await Promise.all(Array.from({ length: 8 }, newWorktree).map(async (project) => (await server(project, true)).callTool('find_symbol', { name })));
    eight.forEach((text, i) => check(`eight at once, server ${i + 1}`, name, text));
    rows.push({ metric: '8 servers at once on 8 new worktrees, shared: answers equal to a lone server with no index', ours: eight.filter((text) => text === expected.get(name)).length, unit: 'of 8', goal: 'all 8', met: eight.every((text) => text === expected.get(name)) });
    return { rows, mismatches };
  } finally {
    for (const pid of processesWith(CLI, cache)) process.kill(pid, 'SIGKILL');
    for (const at of readdirSync(worktrees)) spawnSync('git', ['worktree', 'remove', '--force', path.join(worktrees, at)], { cwd: tree, stdio: 'ignore' });
    rmSync(worktrees, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}
