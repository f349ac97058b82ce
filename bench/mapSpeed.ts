/**
 * The map (`outline` of a folder) on one tree: `zumba index` with the graph in it against `ctags -R`;
 * a fresh server's first map of the indexed tree, and warm maps of the tree and of one folder,
 * against one `rg -w -F -s -n` search as an agent runs it (unsorted, every core, best of three); the
 * server's peak memory; and how many of the names the tree's files use most (counted apart from
 * zumba: `most_used_names.py`) a 4,096-token map of the whole tree shows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { AGENT_PAUSE_MS, CLI, LineClient, timed } from './lineClient.js';
import { bestTime, ctagsWholeTree, peakRss } from './searchSpeed.js';
import type { Row } from './table.js';

const WARM_RUNS = 3;
/** The name rg looks for: a rare one, so that its time is the walk and the reads, not the printing. */
const RG_NAME = 'zumba_absent_name';
const REFERENCE_SCRIPT = fileURLToPath(new URL('../../bench/most_used_names.py', import.meta.url));

export interface MapBench {
  readonly rows: Row[];
  /** The most used names, each with whether the map shows it. */
  readonly coverage: readonly { readonly name: string; readonly files: number; readonly shown: boolean }[];
  /** The first lines of the map of the tree. */
  readonly map: string;
}

/** The map's figures on `tree`, with `folder` as the folder mapped warm. */
export async function mapSpeed(tree: string, folder: string): Promise<MapBench> {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-map-'));
  try {
    const rows: Row[] = [];
    // Given no path, with its stdin not a terminal, rg would search its stdin.
    const rg = bestTime('rg', ['-w', '-F', '-s', '-n', RG_NAME, '.'], tree);
    const reference = { value: rg, tool: 'rg, one search' };
    const ctags = ctagsWholeTree(tree);
    const index = timed(async () => spawnSync(process.execPath, [CLI, 'index', '--project', tree, '--cache-dir', cache], { stdio: 'ignore' }));
    const indexMs = (await index).ms;
    rows.push({ metric: 'zumba index, with the graph', ours: indexMs, unit: 'ms', reference: { value: ctags, tool: 'ctags -R' }, goal: '≤ 1.25×', met: indexMs <= 1.25 * ctags });

    const client = new LineClient(['mcp', tree, '--cache-dir', cache]);
    await client.initialize();
    await sleep(AGENT_PAUSE_MS);
    const first = await timed(() => client.callTool('outline', { path: '.' }));
    rows.push({ metric: 'fresh server, first map of the tree', ours: first.ms, unit: 'ms', reference, goal: '≤ 3×', met: first.ms <= 3 * rg });
    const warm = async (args: Record<string, unknown>) => Math.min(...(await sequential(WARM_RUNS, () => timed(() => client.callTool('outline', args)))).map((run) => run.ms));
    const whole = await warm({ path: '.' });
    rows.push({ metric: 'warm map of the tree', ours: whole, unit: 'ms', reference, goal: '≤ 0.25×', met: whole <= 0.25 * rg });
    const part = await warm({ path: folder });
    rows.push({ metric: `warm map of ${folder}`, ours: part, unit: 'ms', reference, goal: '≤ 0.05×', met: part <= 0.05 * rg });
    const map = await client.callTool('outline', { path: '.', budget: 4096 });
    const peak = peakRss(client.pid);
    rows.push({ metric: 'server peak RSS (workers included)', ours: peak, unit: 'MB', goal: '≤ 400 MB', met: peak <= 400 });
    await client.close();

    const shownNames = new Set(map.split('\n').flatMap((line) => /^\s+\d+ \S+ (.*)$/.exec(line)?.[1] ?? []));
    const coverage = mostUsedNames(tree).map(({ name, files }) => ({ name, files, shown: shownNames.has(name) }));
    const shown = coverage.filter((entry) => entry.shown).length;
    rows.push({ metric: 'most used names on a 4,096-token map', ours: shown, unit: `of ${coverage.length}`, goal: '≥ 12 of 20', met: shown >= 12 });
    return { rows, coverage, map: first.value.split('\n').slice(0, 40).join('\n') };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

async function sequential<T>(runs: number, work: () => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < runs; i++) results.push(await work());
  return results;
}

/** The reference's 20 most used names of the tree. */
function mostUsedNames(tree: string): { name: string; files: number }[] {
  const result = spawnSync('python3', [REFERENCE_SCRIPT, tree, '20'], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(`most_used_names.py failed: ${result.stderr}`);
  return result.stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [name, files] = line.split('\t');
      return { name: name!, files: Number(files) };
    });
}
