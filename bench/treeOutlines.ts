/**
 * `zumba outline` of every file of a language in a tree, as a CI snapshot job runs it, beside
 * `ctags -R` of the same tree: with an empty cache, and again with the index the first run built;
 * the outlines of both, and of `--no-cache`, compared; the peak memory of each run.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLI } from './lineClient.js';
import { ctagsWholeTree } from './searchSpeed.js';
import { median, type Row } from './table.js';

const WARM_RUNS = 3;

interface OutlineRun {
  readonly ms: number;
  /** SHA-256 of what it printed on stdout. */
  readonly digest: string;
  /** Peak RSS of the process and its threads, in MB. */
  readonly peakMb: number;
}

/** One `zumba outline` run: its time, a digest of its output, and its peak memory (from the kernel's accounting of the child). */
function outlineRun(tree: string, glob: string, cacheArgs: readonly string[]): Promise<OutlineRun> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn('/usr/bin/time', ['-f', '%M', process.execPath, CLI, 'outline', '--project', tree, ...cacheArgs, glob], { stdio: ['ignore', 'pipe', 'pipe'] });
    const hash = createHash('sha256');
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => hash.update(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - start;
      // Exit 1 is a file that could not be outlined (said on stderr), as with any tree; the rest is printed.
      if (code !== 0 && code !== 1) return reject(new Error(`zumba outline ${glob} exited with ${code}: ${stderr.slice(-500)}`));
      const peakKb = Number(stderr.trim().split('\n').at(-1));
      resolve({ ms, digest: hash.digest('hex'), peakMb: peakKb / 1024 });
    });
  });
}

export async function treeOutlines(tree: string, glob: string, options: { ctagsRuns: number }): Promise<{ rows: Row[]; mismatches: string[] }> {
  const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-outlines-'));
  try {
    const ctags = Math.min(...Array.from({ length: options.ctagsRuns }, () => ctagsWholeTree(tree)));
    const withCache = ['--cache-dir', cache];
    const cold = await outlineRun(tree, glob, withCache);
    const warm: OutlineRun[] = [];
    for (let run = 0; run < WARM_RUNS; run++) warm.push(await outlineRun(tree, glob, withCache));
    const uncached = await outlineRun(tree, glob, ['--no-cache']);
    const reference = { value: ctags, tool: 'ctags -R' };
    const rows: Row[] = [
      { metric: `outline ${glob}, empty cache`, ours: cold.ms, unit: 'ms', reference, goal: '≤ 4× ctags -R', met: cold.ms <= 4 * ctags },
      { metric: `outline ${glob}, index built (median of ${WARM_RUNS})`, ours: median(warm.map((run) => run.ms)), unit: 'ms', reference, goal: '≤ 0.5× ctags -R', met: median(warm.map((run) => run.ms)) <= 0.5 * ctags },
      { metric: 'outline --no-cache', ours: uncached.ms, unit: 'ms', reference },
      { metric: 'peak RSS, empty cache', ours: cold.peakMb, unit: 'MB' },
      { metric: 'peak RSS, index built', ours: Math.max(...warm.map((run) => run.peakMb)), unit: 'MB' },
    ];
    const mismatches = [...warm.map((run, i) => [`index built, run ${i + 1}`, run] as const), ['--no-cache', uncached] as const]
      .filter(([, run]) => run.digest !== cold.digest)
      .map(([name]) => `outline ${glob}: ${name} printed other outlines than the run on an empty cache`);
    return { rows, mismatches };
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}
