/**
 * The persistent index on one tree, beside the tools a user would otherwise run: `zumba index` on an
 * empty cache against `ctags -R`, and beside it the least its definitions engine alone takes; fresh servers on the indexed tree, on new git
 * worktrees of it where it is a repository's top (one added before the indexing, one after), and on
 * a copy of it at another path, against one `rg -w -F -s` search; warm calls; the index's size on disk; the
 * peak memory of every server; and whether the answers are ripgrep's lines and `--no-cache`'s
 * definitions.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { loadLanguages } from '../src/definitions/manifest.js';
import { ProjectWalk } from '../src/project/walker.js';
import type { EngineShare } from './engineShare.js';
import { AGENT_PAUSE_MS, CLI, LineClient, timed } from './lineClient.js';
import { bestTime, ctagsWholeTree, ourLines, peakRss, rgArgs, rgLines } from './searchSpeed.js';
import { median, type Row } from './table.js';

const WARM_RUNS = 3;
/** /proc's clock ticks a second (USER_HZ), 100 on Linux. */
export const CLOCK_TICKS = 100;
export const IDLE_SAMPLE_MS = 500;
export const IDLE_SAMPLES = 4;

export interface IndexBench {
  readonly rows: Row[];
  readonly mismatches: string[];
}

/** Bytes under a folder, as the files' sizes. */
function treeBytes(folder: string): number {
  let total = 0;
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath ?? entry.path, entry.name)).size;
  }
  return total;
}

/** A process's CPU time so far, in ms (user and system, all its threads). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

/** Resolves once the process has used less than 2% of a core over IDLE_SAMPLES samples in a row. */
export async function untilIdle(pid: number): Promise<void> {
  let quiet = 0;
  let before = cpuMs(pid);
  while (quiet < IDLE_SAMPLES) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SAMPLE_MS));
    const now = cpuMs(pid);
    quiet = now - before < IDLE_SAMPLE_MS * 0.02 ? quiet + 1 : 0;
    before = now;
  }
}

/**
 * What the definitions engine alone takes to make every file's definitions as `zumba index` does
 * (the files a search reads, of a known language: pre-parse, parse and query), before it reads,
 * hashes, filters or writes anything, in ms: on every core at once, the files shared out as over
 * `zumba index`'s workers (the least it could take with this engine: the slowest share's time), and
 * on one thread, that time divided by the cores (what it would be if cores added up; on a machine
 * whose cores share caches and memory they do not quite).
 */
async function engineAlone(tree: string): Promise<{ readonly everyCore: number; readonly oneThreadShared: number }> {
  const languages = loadLanguages();
  const relatives = [...new ProjectWalk(tree).current()].map((file) => file.relative).filter((relative) => languages.of(relative) !== undefined);
  const cores = os.availableParallelism();
  const shares = await Promise.all(Array.from({ length: cores }, (_, share) => engineShare(tree, relatives.filter((_, i) => i % cores === share))));
  return { everyCore: Math.max(...shares), oneThreadShared: (await engineShare(tree, relatives)) / cores };
}

/** The engine's time on these files, in a worker of its own. */
function engineShare(tree: string, relatives: readonly string[]): Promise<number> {
  const worker = new Worker(new URL('./engineShare.js', import.meta.url), { workerData: { tree, relatives } satisfies EngineShare });
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    // After its message, an exit settles nothing more; before it, the share was never measured.
    worker.once('exit', (code) => reject(new Error(`the engine's share exited (code ${code}) before it said its time`)));
  });
}

/** A whole command's time, in ms; throws if it fails. */
function timedCommand(command: string, args: readonly string[]): number {
  const start = performance.now();
  const result = spawnSync(command, args, { stdio: 'ignore' });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return performance.now() - start;
}

export async function indexSpeed(tree: string, names: readonly string[], options: { ctagsRuns: number }): Promise<IndexBench> {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-cache-'));
  const rows: Row[] = [];
  const mismatches: string[] = [];
  /** Each kind of server's highest peak RSS. */
  const peaks = new Map<string, number>();
  const closed = async (client: LineClient, kind: string) => {
    peaks.set(kind, Math.max(peaks.get(kind) ?? 0, peakRss(client.pid)));
    await client.close();
  };
  const server = async (project: string) => {
    const client = new LineClient(['mcp', project, '--cache-dir', cache]);
    await client.initialize();
    return client;
  };

  // In a git repository, new worktrees: one added before the indexing (its files long written, as a
  // checkout made while other work ran), one after it, just before its servers.
  const worktrees = isGitTop(tree) ? mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-worktrees-')) : undefined;
  const addWorktree = (name: string) => {
    const at = path.join(worktrees!, name);
    git(tree, 'worktree', 'add', '--detach', '-q', at);
    git(at, 'status', '--short'); // As a task's first git command: the index written anew, a tick after the checkout.
    return at;
  };
  try {
    const earlier = worktrees === undefined ? undefined : addWorktree('earlier');
    const ctags = Math.min(...Array.from({ length: options.ctagsRuns }, () => ctagsWholeTree(tree)));
    const indexing = timedCommand(process.execPath, [CLI, 'index', '--project', tree, '--cache-dir', cache]);
    const indexBytes = treeBytes(cache);
    const sourceBytes = treeBytes(tree);
    const engine = await engineAlone(tree);
    rows.push(
      { metric: 'zumba index, empty cache', ours: indexing / 1000, unit: 's', reference: { value: ctags / 1000, tool: 'ctags -R' }, goal: '≤ 1.0× ctags -R', met: indexing <= ctags },
      { metric: 'zumba index, against its definitions engine alone on every core at once', ours: indexing / 1000, unit: 's', reference: { value: engine.everyCore / 1000, tool: 'engine alone' }, goal: '≤ 1.3× the engine alone', met: indexing <= 1.3 * engine.everyCore },
      { metric: `its definitions engine alone, one thread's time ÷ ${os.availableParallelism()} cores`, ours: engine.oneThreadShared / 1000, unit: 's', reference: { value: ctags / 1000, tool: 'ctags -R' } },
      { metric: 'index on disk', ours: indexBytes / 1024 ** 2, unit: 'MB', reference: { value: sourceBytes / 1024 ** 2, tool: 'the tree' }, goal: '≤ the tree', met: indexBytes <= sourceBytes },
    );

    const rgTimes = names.map((name) => bestTime('rg', rgArgs(name), tree));
    const rg = median(rgTimes);
    /** A first call's row: goal, one rg search. */
    const firstCallRow = (metric: string, ms: number): Row => ({ metric, ours: ms, unit: 'ms', reference: { value: rg, tool: 'rg' }, goal: '≤ 1× rg', met: ms <= rg });

    // Fresh servers on the indexed tree: each name's first call in a server of its own, `setUp` run
    // before each starts; `answers` is given each name's answer. Asked `pauseMs` after the handshake.
    const firstCalls = async (project: string, tool: string, kind: string, setUp = () => {}, answers?: Map<string, string>, pauseMs = 0) => {
      const times: number[] = [];
      for (const name of names) {
        setUp();
        const client = await server(project);
        await sleep(pauseMs);
        const call = await timed(() => client.callTool(tool, { name }));
        times.push(call.ms);
        answers?.set(name, call.value);
        await closed(client, kind);
      }
      return median(times);
    };
    // What makes the next server on another folder the first there is on it: the snapshots made since these.
    const snapshots = path.join(cache, 'snapshots');
    const removingSnapshotsSince = () => {
      const kept = new Set(readdirSync(snapshots));
      return () => {
        for (const name of readdirSync(snapshots)) if (!kept.has(name)) rmSync(path.join(snapshots, name), { force: true });
      };
    };
    const firstSymbol = await firstCalls(tree, 'find_symbol', 'fresh');
    const firstReferences = await firstCalls(tree, 'find_references', 'fresh');
    // As an agent's first call comes, after its model's turn: the server has set its watch and started its workers.
    const laterSymbol = await firstCalls(tree, 'find_symbol', 'fresh', undefined, undefined, AGENT_PAUSE_MS);
    rows.push(
      firstCallRow(`fresh server, first find_symbol (median of ${names.length})`, firstSymbol),
      firstCallRow(`fresh server, first find_references (median of ${names.length})`, firstReferences),
      firstCallRow(`fresh server, first find_symbol ${AGENT_PAUSE_MS / 1000} s after the handshake (median of ${names.length})`, laterSymbol),
    );

    // New git worktrees: each server on one is the first there is on it, as on a task's new worktree.
    const worktreeAnswers = new Map<string, Map<string, string>>();
    if (earlier !== undefined) {
      const added = addWorktree('added');
      for (const [worktree, when] of [[earlier, 'made before the indexing'], [added, 'made just now']] as const) {
        const answers = new Map<string, string>();
        const firstThere = removingSnapshotsSince();
        const first = await firstCalls(worktree, 'find_symbol', 'new worktree', firstThere, answers);
        const later = await firstCalls(worktree, 'find_symbol', 'new worktree', firstThere, undefined, AGENT_PAUSE_MS);
        worktreeAnswers.set(when, answers);
        rows.push(
          firstCallRow(`new git worktree ${when}, first find_symbol (median of ${names.length})`, first),
          firstCallRow(`new git worktree ${when}, first find_symbol ${AGENT_PAUSE_MS / 1000} s after the handshake`, later),
        );
      }
    }

    // A copy at another path: other inodes, the same bytes, as a new worktree has.
    const copyParent = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-worktree-'));
    const copy = path.join(copyParent, path.basename(tree));
    cpSync(tree, copy, { recursive: true });
    // Each server on the copy is the first there is on it, as on a new worktree: what the servers
    // before it saved of the copy's files and walk (its snapshots) is removed; the records shared by
    // content, made from the first tree, stay.
    const newWorktree = removingSnapshotsSince();
    try {
      const copySymbol = await firstCalls(copy, 'find_symbol', 'on a copy', newWorktree);
      rows.push({ metric: 'fresh server on a copy at another path, first find_symbol', ours: copySymbol, unit: 'ms', reference: { value: rg, tool: 'rg' }, goal: '≤ 3× rg', met: copySymbol <= 3 * rg });
      // A new worktree's server goes on to bring the copy's files into the index once idle: its memory then.
      newWorktree();
      const filling = await server(copy);
      await filling.callTool('find_symbol', { name: names[0]! });
      const fill = await timed(() => untilIdle(filling.pid));
      await closed(filling, 'on a copy, filled');
      // The quiet samples that tell the fill has ended are not part of it.
      rows.push({ metric: 'server on a copy, its background fill after a first call', ours: (fill.ms - IDLE_SAMPLES * IDLE_SAMPLE_MS) / 1000, unit: 's' });
    } finally {
      rmSync(copyParent, { recursive: true, force: true });
    }

    // Warm calls in one server, each name's best of WARM_RUNS, and the exactness checks.
    const client = await server(tree);
    const warmReferences: number[] = [];
    const warmSymbols: number[] = [];
    const symbolTexts = new Map<string, string>();
    for (const name of names) {
      let text = '';
      const times: number[] = [];
      for (let i = 0; i < WARM_RUNS; i++) {
        const result = await timed(() => client.callTool('find_references', { name }));
        times.push(result.ms);
        text = result.value;
      }
      warmReferences.push(Math.min(...times));
      const ours = ourLines(text);
      const theirs = rgLines(tree, name);
      if (ours.join('\n') !== theirs.join('\n')) {
        const at = ours.findIndex((line, i) => line !== theirs[i]);
        mismatches.push(`find_references ${name}: ours ${ours.length} lines, rg ${theirs.length}; first difference at ${at}: ours ${ours[at] ?? '(none)'}, rg ${theirs[at] ?? '(none)'}`);
      }
      const symbolTimes: number[] = [];
      for (let i = 0; i < WARM_RUNS; i++) {
        const result = await timed(() => client.callTool('find_symbol', { name }));
        symbolTimes.push(result.ms);
        symbolTexts.set(name, result.value);
      }
      warmSymbols.push(Math.min(...symbolTimes));
    }
    await closed(client, 'warm');
    const peak = Math.max(...peaks.values());
    const peakOf = [...peaks].map(([kind, mb]) => `${kind} ${mb.toFixed(0)}`).join(', ');
    rows.push(
      { metric: `warm find_references (median of ${names.length})`, ours: median(warmReferences), unit: 'ms', reference: { value: rg, tool: 'rg' }, goal: '≤ 0.2× rg', met: median(warmReferences) <= 0.2 * rg },
      { metric: `warm find_symbol (median of ${names.length})`, ours: median(warmSymbols), unit: 'ms', reference: { value: rg, tool: 'rg' }, goal: '≤ 0.2× rg', met: median(warmSymbols) <= 0.2 * rg },
      { metric: `peak RSS of every server (MB: ${peakOf})`, ours: peak, unit: 'MB', goal: '≤ 400 MB', met: peak <= 400 },
    );

    // The same names with no index at all, in one server.
    const plain = new LineClient(['mcp', tree, '--no-cache']);
    await plain.initialize();
    let symbolsEqual = 0;
    for (const name of names) {
      const expected = await plain.callTool('find_symbol', { name });
      if (expected === symbolTexts.get(name)) symbolsEqual++;
      else mismatches.push(`find_symbol ${name}: differs from --no-cache`);
    }
    await plain.close();
    for (const [when, answers] of worktreeAnswers) {
      for (const [name, answer] of answers) if (answer !== symbolTexts.get(name)) mismatches.push(`find_symbol ${name} on a new worktree ${when}: differs from the tree's`);
    }
    const referencesEqual = names.length - mismatches.filter((line) => line.startsWith('find_references')).length;
    rows.push(
      { metric: "find_references lines equal to rg's", ours: referencesEqual, unit: `of ${names.length}`, goal: 'all', met: referencesEqual === names.length },
      { metric: "find_symbol equal to --no-cache's", ours: symbolsEqual, unit: `of ${names.length}`, goal: 'all', met: symbolsEqual === names.length },
    );
    return { rows, mismatches };
  } finally {
    rmSync(cache, { recursive: true, force: true });
    if (worktrees !== undefined) {
      rmSync(worktrees, { recursive: true, force: true });
      git(tree, 'worktree', 'prune');
    }
  }
}

/** Whether the folder is the top of a git worktree. */
function isGitTop(folder: string): boolean {
  const result = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: folder, encoding: 'utf8' });
  return result.status === 0 && result.stdout.trim() === folder;
}

function git(cwd: string, ...args: string[]): void {
  const result = spawnSync('git', args, { cwd, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} in ${cwd} exited with ${result.status}`);
}
