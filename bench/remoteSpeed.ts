/**
 * A team cache on one tree (the top of a git repository): CI's `zumba index --push` into nginx on
 * loopback, then fresh servers on new worktrees of the repository with empty local caches, as fresh
 * machines have, reading it. Beside one `rg -w -F -s` search and `zumba index`'s CPU: the first
 * find_symbol (download included), later calls, the CPU each server spends until it is idle again
 * (warm), the bytes it fetched and its peak memory; then the same on a worktree where 1% of the
 * files have changed since the commit the remote has. Answers are checked against a server on the
 * indexed tree.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ProjectWalk } from '../src/project/walker.js';
import { startNginx } from '../test/remoteServers.js';
import { CLOCK_TICKS, cpuMs, IDLE_SAMPLE_MS, IDLE_SAMPLES, untilIdle, type IndexBench } from './indexSpeed.js';
import { CLI, LineClient, timed } from './lineClient.js';
import { bestTime, peakRss, rgArgs } from './searchSpeed.js';
import { median, type Row } from './table.js';

/** One file in this many of the tree's `.c` files is changed for the last rows. */
const CHANGED_ONE_IN = 100;

/** A zumba command's CPU time in ms (its children's, as the shell that waited for it counts them); throws if it fails. */
function commandCpuMs(args: readonly string[]): { readonly cpuMs: number; readonly stdout: string } {
  const quoted = [process.execPath, CLI, ...args].map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(' ');
  const result = spawnSync('sh', ['-c', `${quoted} && cat /proc/$$/stat >&2`], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`zumba ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
  const fields = result.stderr.trim().split('\n').at(-1)!.split(') ')[1]!.split(' ');
  return { cpuMs: ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS, stdout: result.stdout };
}

export async function remoteSpeed(tree: string, names: readonly string[]): Promise<IndexBench> {
  const nginx = await startNginx();
  const url = `${nginx.url}bench/`;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-remote-'));
  const rows: Row[] = [];
  const mismatches: string[] = [];
  const git = (cwd: string, ...args: string[]) => {
    const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`git ${args.join(' ')} exited with ${result.status}`);
    return result.stdout;
  };
  const fetchedBytes = (from: number) =>
    nginx
      .requests()
      .slice(from)
      .filter((line) => line.startsWith('GET '))
      .reduce((sum, line) => sum + Number(line.split(' ')[3]), 0);
  let worktrees = 0;
  const newWorktree = () => {
    const at = path.join(scratch, `worktree-${worktrees++}`);
    git(tree, 'worktree', 'add', '--detach', '-q', at);
    git(at, 'status', '--short'); // A task's first git command: the index written anew, a tick after the checkout.
    return at;
  };
  /** A server on a new machine: an empty local cache, the remote cache. */
  const freshMachine = async (project: string) => {
    const client = new LineClient(['mcp', project, '--cache-dir', mkdtempSync(path.join(scratch, 'cache-')), '--remote-cache', url]);
    await client.initialize();
    return client;
  };
  try {
    // CI: the index, timed for its CPU, then pushed (its index is then warm: the push's own work).
    const ciCache = path.join(scratch, 'ci-cache');
    const indexing = commandCpuMs(['index', '--project', tree, '--cache-dir', ciCache]);
    const pushing = commandCpuMs(['index', '--project', tree, '--cache-dir', ciCache, '--push', '--remote-cache', url]);
    const pushedBytes = /\(([\d.]+) MB\)/.exec(pushing.stdout)?.[1];
    rows.push(
      { metric: 'zumba index, CPU (user + system, every thread)', ours: indexing.cpuMs / 1000, unit: 's' },
      { metric: `zumba index --push on the indexed tree, CPU (${pushedBytes ?? '?'} MB sent)`, ours: pushing.cpuMs / 1000, unit: 's', reference: { value: indexing.cpuMs / 1000, tool: 'zumba index' } },
    );

    const rg = median(names.map((name) => bestTime('rg', rgArgs(name), tree)));
    // What a server on the indexed tree answers: the remote's answers must be the same.
    const expected = new Map<string, string>();
    const local = new LineClient(['mcp', tree, '--cache-dir', ciCache]);
    await local.initialize();
    for (const name of names) expected.set(name, await local.callTool('find_symbol', { name }));
    await local.close();

    /** Each kind of server's highest peak RSS. */
    const peaks = new Map<string, number>();
    const peakOf = (pid: number, kind: string) => peaks.set(kind, Math.max(peaks.get(kind) ?? 0, peakRss(pid)));
    let checked = 0;
    const check = (name: string, answer: string, where: string) => {
      checked++;
      if (answer !== expected.get(name)) mismatches.push(`find_symbol ${name} ${where}: differs from the indexed tree's`);
    };
    // Each name's first call on a fresh machine, each in a server of its own on a new worktree.
    const worktree = newWorktree();
    const firsts: number[] = [];
    for (const name of names) {
      const client = await freshMachine(worktree);
      const call = await timed(() => client.callTool('find_symbol', { name }));
      firsts.push(call.ms);
      check(name, call.value, 'first on a fresh machine');
      peakOf(client.pid, 'first call');
      await client.close();
    }
    rows.push({ metric: `fresh machine, new worktree, first find_symbol, download included (median of ${names.length})`, ours: median(firsts), unit: 'ms', reference: { value: rg, tool: 'rg' }, goal: '≤ 1× rg', met: median(firsts) <= rg });

    // A fresh machine's server given one call, until it is idle again: what it spends to be warm.
    const warming = async (project: string, label: string) => {
      const before = nginx.requests().length;
      const client = await freshMachine(project);
      const first = await timed(() => client.callTool('find_symbol', { name: names[0]! }));
      check(names[0]!, first.value, label);
      await untilIdle(client.pid);
      const cpu = cpuMs(client.pid) - IDLE_SAMPLES * IDLE_SAMPLE_MS * 0.02; // At most the idle samples' share.
      peakOf(client.pid, label);
      await client.close();
      return { first: first.ms, cpu, bytes: fetchedBytes(before) };
    };
    // Another: a first call, then the other names at once, each once.
    const busy = await freshMachine(newWorktree());
    check(names[0]!, await busy.callTool('find_symbol', { name: names[0]! }), 'on a fresh machine, first');
    const later: number[] = [];
    for (const name of names.slice(1)) {
      const call = await timed(() => busy.callTool('find_symbol', { name }));
      later.push(call.ms);
      check(name, call.value, 'on a fresh machine, later');
    }
    peakOf(busy.pid, 'later calls');
    await busy.close();
    const warm = await warming(newWorktree(), 'left to warm');
    rows.push(
      { metric: `fresh machine, later find_symbol just after the first, other names (median of ${names.length - 1})`, ours: median(later), unit: 'ms', reference: { value: rg, tool: 'rg' }, goal: '≤ 0.2× rg', met: median(later) <= 0.2 * rg },
      { metric: 'fresh machine, CPU from its start until warm, one call (the server, every thread)', ours: warm.cpu / 1000, unit: 's', reference: { value: indexing.cpuMs / 1000, tool: 'zumba index' }, goal: '≤ 0.05× zumba index', met: warm.cpu <= 0.05 * indexing.cpuMs },
      { metric: 'fresh machine, bytes fetched', ours: warm.bytes / 1024 ** 2, unit: 'MB' },
    );

    // 1% of the files changed since the commit the remote has (one `.c` file in CHANGED_ONE_IN).
    const changedTree = newWorktree();
    const sources = [...new ProjectWalk(changedTree).current()].map((file) => file.relative).filter((relative) => relative.endsWith('.c'));
    const changed = sources.filter((_, i) => i % CHANGED_ONE_IN === 0);
    for (const relative of changed) appendFileSync(path.join(changedTree, relative), '\n/* changed since the commit */\n');
    const changedRun = await warming(changedTree, '1% changed');
    rows.push(
      { metric: `1% changed (${changed.length} files, read and parsed here): first find_symbol`, ours: changedRun.first, unit: 'ms', reference: { value: rg, tool: 'rg' }, goal: '≤ 1× rg', met: changedRun.first <= rg },
      { metric: '1% changed: CPU from its start until warm', ours: changedRun.cpu / 1000, unit: 's', reference: { value: indexing.cpuMs / 1000, tool: 'zumba index' } },
      { metric: '1% changed: bytes fetched', ours: changedRun.bytes / 1024 ** 2, unit: 'MB' },
      { metric: `peak RSS of every server (MB: ${[...peaks].map(([kind, mb]) => `${kind} ${mb.toFixed(0)}`).join(', ')})`, ours: Math.max(...peaks.values()), unit: 'MB', goal: '≤ 400 MB', met: Math.max(...peaks.values()) <= 400 },
    );
    rows.push({ metric: "find_symbol answers equal to the indexed tree's", ours: checked - mismatches.length, unit: `of ${checked}`, goal: 'all', met: mismatches.length === 0 });
    return { rows, mismatches };
  } finally {
    await nginx.stop();
    rmSync(scratch, { recursive: true, force: true });
    git(tree, 'worktree', 'prune');
  }
}
