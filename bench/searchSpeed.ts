/**
 * Project-wide search speed on the corpus's `all` tree, beside the tools a user would otherwise run:
 * find_references against `rg -w -F -s -n`, find_symbol against `ctags -R`, server start, peak memory,
 * and whether find_references returns exactly ripgrep's lines. Every server here starts on an empty
 * index of its own: these are the figures of a first use (`indexSpeed.ts` measures the index).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LineClient, timed } from './lineClient.js';
import { median, type Row } from './table.js';

/** From absent and rare to very common, across the four languages of the corpus. */
export const BENCH_NAMES = [
  'zumba_absent_name', 'memchr', 'SIGTERM', 'HTTPServer', 'createProgram', 'parse_args', 'NewReader', 'isinstance',
  'Observable', 'deadline', 'ValueError', 'Mutex', 'tokio', 'serde', 'Iterator', 'Context', 'unwrap', 'String',
  'value', 'len', 'err', 'self', 'return', 'fmt',
] as const;

const RUNS = 3;
const STARTS = 7;

/**
 * rg as an agent runs it, and as it is timed: unsorted, on every core (`--sort` makes it search on one
 * thread: on the kernel here, 1.56 s against 0.87 s).
 */
export function rgArgs(name: string): string[] {
  return ['-w', '-F', '-s', '-n', '--no-require-git', '--hidden', '--max-filesize', '512K', '-g', '!.git', '--', name, '.'];
}

/** The same search with its lines in path order, to hold ours against (never timed). */
export function rgSortedArgs(name: string): string[] {
  return ['--sort', 'path', ...rgArgs(name)];
}

function timeCommand(command: string, args: readonly string[], cwd: string): { ms: number; stdout: string } {
  const start = performance.now();
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - start;
  if (result.error) throw result.error;
  return { ms, stdout: result.stdout };
}

/**
 * `ctags -R` of a whole tree, writing its tags file as a user's run does (to a temporary file: with
 * `-f /dev/null` it gives up on the kernel, failing to truncate the file), in ms; throws if it fails.
 */
export function ctagsWholeTree(tree: string): number {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-ctags-'));
  try {
    const start = performance.now();
    const result = spawnSync('ctags', ['-R', '-f', path.join(folder, 'tags'), '.'], { cwd: tree, stdio: 'ignore' });
    const ms = performance.now() - start;
    if (result.error) throw result.error;
    if (result.status !== 0) throw new Error(`ctags -R exited with ${result.status} in ${tree}`);
    return ms;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** A reference tool's best of RUNS, as a fresh process each time (what a user would run). */
export function bestTime(command: string, args: readonly string[], tree: string): number {
  return Math.min(...Array.from({ length: RUNS }, () => timeCommand(command, args, tree).ms));
}

/** The first 80 (path, line) pairs rg prints, as `path:line`. */
export function rgLines(tree: string, name: string): string[] {
  return timeCommand('rg', rgSortedArgs(name), tree)
    .stdout.split('\n')
    .filter((line) => line !== '')
    .slice(0, 80)
    .map((line) => {
      const match = /^(?:\.\/)?(.*?):(\d+):/.exec(line)!;
      return `${match[1]}:${match[2]}`;
    });
}

export function ourLines(text: string): string[] {
  if (text.startsWith('No references')) return [];
  return text
    .split('\n')
    .filter((line) => !line.startsWith('… more'))
    .map((line) => /^(.*?):(\d+): /.exec(line)!)
    .map((match) => `${match[1]}:${match[2]}`);
}

export function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** A server on the tree, with an empty index of its own (removed once it has exited). */
function freshServer(tree: string): LineClient {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-cache-'));
  const client = new LineClient(['mcp', tree, '--cache-dir', cache]);
  void client.exited.then(() => rmSync(cache, { recursive: true, force: true }));
  return client;
}

export async function searchSpeed(corpus: string): Promise<{ rows: Row[]; mismatches: string[] }> {
  const tree = `${corpus}/all`;
  const rows: Row[] = [];

  // Every server of the run: the goal is on the peak of any of them.
  let peak = 0;
  const closed = async (client: LineClient) => {
    peak = Math.max(peak, peakRss(client.pid));
    await client.close();
  };

  const starts: number[] = [];
  for (let i = 0; i < STARTS; i++) {
    const { ms, value: client } = await timed(async () => {
      const c = freshServer(tree);
      await c.initialize();
      return c;
    });
    starts.push(ms);
    await closed(client);
  }
  rows.push({ metric: `server start to initialize answered (median of ${STARTS})`, ours: median(starts), unit: 'ms', goal: '≤ 150 ms', met: median(starts) <= 150 });

  // First calls, each in a fresh server.
  const firstReferences: number[] = [];
  const firstSymbols: number[] = [];
  for (const name of BENCH_NAMES) {
    for (const [tool, times] of [['find_references', firstReferences], ['find_symbol', firstSymbols]] as const) {
      const client = freshServer(tree);
      await client.initialize();
      times.push((await timed(() => client.callTool(tool, { name }))).ms);
      await closed(client);
    }
  }

  // Warm calls in one server, and the exactness check against ripgrep.
  const client = freshServer(tree);
  await client.initialize();
  for (const name of BENCH_NAMES.slice(0, 3)) await client.callTool('find_references', { name });
  const warmReferences: number[] = [];
  const warmSymbols: number[] = [];
  const warmEnclosing: number[] = [];
  const rgTimes: number[] = [];
  const mismatches: string[] = [];
  for (const name of BENCH_NAMES) {
    const times: number[] = [];
    let text = '';
    for (let i = 0; i < RUNS; i++) {
      const result = await timed(() => client.callTool('find_references', { name }));
      times.push(result.ms);
      text = result.value;
    }
    warmReferences.push(Math.min(...times));
    const enclosing = [];
    for (let i = 0; i < RUNS; i++) enclosing.push((await timed(() => client.callTool('find_references', { name, enclosing: true }))).ms);
    warmEnclosing.push(Math.min(...enclosing));
    rgTimes.push(bestTime('rg', rgArgs(name), tree));
    const ours = ourLines(text);
    const theirs = rgLines(tree, name);
    if (ours.join('\n') !== theirs.join('\n')) {
      const at = ours.findIndex((line, i) => line !== theirs[i]);
      mismatches.push(`${name}: ours ${ours.length} lines, rg ${theirs.length}; first difference at ${at}: ours ${ours[at] ?? '(none)'}, rg ${theirs[at] ?? '(none)'}`);
    }
    const symbol = [];
    for (let i = 0; i < RUNS; i++) symbol.push((await timed(() => client.callTool('find_symbol', { name }))).ms);
    warmSymbols.push(Math.min(...symbol));
  }
  await closed(client);

  const ctagsBest = Math.min(...Array.from({ length: RUNS }, () => ctagsWholeTree(tree)));
  const rgMedian = median(rgTimes);
  rows.push(
    { metric: `find_references warm (median of ${BENCH_NAMES.length} names)`, ours: median(warmReferences), unit: 'ms', reference: { value: rgMedian, tool: 'rg' }, goal: '≤ 1.0× rg', met: median(warmReferences) <= rgMedian },
    { metric: 'find_references {enclosing} warm (median)', ours: median(warmEnclosing), unit: 'ms', reference: { value: median(warmReferences), tool: 'the plain call' }, goal: '≤ 2× the plain call', met: median(warmEnclosing) <= 2 * median(warmReferences) },
    { metric: 'find_references first call, fresh server (median)', ours: median(firstReferences), unit: 'ms', reference: { value: rgMedian, tool: 'rg' }, goal: '≤ 2× rg', met: median(firstReferences) <= 2 * rgMedian },
    { metric: 'find_symbol first call, fresh server (median)', ours: median(firstSymbols), unit: 'ms', reference: { value: ctagsBest, tool: 'ctags -R' }, goal: '≤ 0.5× ctags -R', met: median(firstSymbols) <= 0.5 * ctagsBest },
    { metric: 'find_symbol warm (median)', ours: median(warmSymbols), unit: 'ms', goal: '≤ 100 ms', met: median(warmSymbols) <= 100 },
    { metric: 'peak RSS of any server of the run', ours: peak, unit: 'MB', goal: '≤ 512 MB', met: peak <= 512 },
    { metric: 'find_references lines equal to rg\'s', ours: BENCH_NAMES.length - mismatches.length, unit: `of ${BENCH_NAMES.length}`, goal: 'all', met: mismatches.length === 0 },
  );
  return { rows, mismatches };
}
