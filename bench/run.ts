/**
 * `npm run bench [corpus] [search|index|outline|trees|accuracy|ends|kernel|tokens|map|sites|servers|soak [minutes]…]`: our
 * figures beside the reference tools' from the same run, as ratios. Without sections, search, index,
 * outline, trees (`zumba outline` of every Go file against `ctags -R`), accuracy and ends (where
 * definitions end, and find_symbol body sizes); `kernel` (the index, and the outline of every `.c`
 * and `.h`, on the whole Linux tree, `make-corpus.sh --big`; some fifteen minutes), remote (a team cache
 * in nginx, filled by `zumba index --push` and read by fresh machines, on the Linux tree as a git
 * repository; nginx from Debian's package), tokens (the bytes
 * an agent reads for navigation questions, with the tools and without: tokens.ts), map (a folder's
 * map on the Linux tree and on `all`: mapSpeed.ts), start (spawn to `initialize` and to `tools/list`
 * answered, against `node -e 0`: startSpeed.ts), sites (that find_symbol's filter of the C and C++
 * files a name may be defined in misses no definition of the corpus, and the first find_symbol on
 * the Linux tree never indexed: definitionSites.ts), servers (several servers at once on new git
 * worktrees of the Linux tree, alone and through the shared server: manyServers.ts; the tree must
 * be a git repository) and the soak (30
 * minutes by default) run only when asked for. Every server of the run keeps its
 * index in a folder of the run's own, removed at the end: the user's cache is never touched.
 * The corpus is what `make-corpus.sh` (kept beside the project's shared notes) builds, by default in
 * /tmp/zumba-corpus.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAccuracy } from './accuracy.js';
import { definitionSitesCheck } from './definitionSites.js';
import { runEndLines } from './endLines.js';
import { outlineSpeed } from './outlineSpeed.js';
import { mapSpeed } from './mapSpeed.js';
import { remoteSpeed } from './remoteSpeed.js';
import { indexSpeed } from './indexSpeed.js';
import { manyServers } from './manyServers.js';
import { BENCH_NAMES, searchSpeed } from './searchSpeed.js';
import { soak } from './soak.js';
import { startSpeed } from './startSpeed.js';
import { tokenSavings } from './tokens.js';
import { renderTable } from './table.js';
import { treeOutlines } from './treeOutlines.js';

const [corpusArgument, ...sectionArguments] = process.argv.slice(2);
const corpus = corpusArgument ?? '/tmp/zumba-corpus';
const DEFAULT_SECTIONS = ['search', 'index', 'outline', 'trees', 'accuracy', 'ends'];
const SECTIONS = [...DEFAULT_SECTIONS, 'kernel', 'remote', 'tokens', 'soak', 'map', 'start', 'sites', 'servers'];
/** From absent and rare to the commonest words of C, as BENCH_NAMES are for the four languages of `all`. */
const KERNEL_NAMES = [
  'zumba_absent_name', 'kmalloc', 'spin_lock_irqsave', 'task_struct', 'EXPORT_SYMBOL', 'printk', 'mutex_lock', 'list_head',
  'ext4_fill_super', 'rcu_read_lock', 'GFP_KERNEL', 'sk_buff', 'pci_driver', 'jiffies', 'schedule', 'kfree', 'inode', 'dev',
  'u32', 'NULL', 'int', 'static', 'struct', 'return',
];
const SOAK_MINUTES = 30;

// `soak` may be followed by its length in minutes.
let soakMinutes = SOAK_MINUTES;
const named: string[] = [];
for (const argument of sectionArguments) {
  if (named.at(-1) === 'soak' && /^\d+(\.\d+)?$/.test(argument) && Number(argument) > 0) soakMinutes = Number(argument);
  else named.push(argument);
}
const unknown = named.filter((section) => !SECTIONS.includes(section));
if (unknown.length > 0) {
  process.stderr.write(`Unknown section ${unknown.join(', ')}: the sections are ${SECTIONS.join(', ')} (soak may be followed by minutes).\n`);
  process.exit(2);
}
const sections = new Set(named.length > 0 ? named : DEFAULT_SECTIONS);
if (!existsSync(corpus)) {
  process.stderr.write(`No corpus at ${corpus}: build it with make-corpus.sh first.\n`);
  process.exit(2);
}

const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-index-'));
process.env['ZUMBA_CACHE_DIR'] = cache;
process.on('exit', () => rmSync(cache, { recursive: true, force: true }));

if (sections.has('search')) {
  const search = await searchSpeed(corpus);
  process.stdout.write(`Search (${corpus}/all)\n${renderTable(search.rows)}\n`);
  for (const mismatch of search.mismatches) process.stdout.write(`  differs from rg: ${mismatch}\n`);
  process.stdout.write('\n');
}
for (const [section, tree, names, ctagsRuns] of [['index', 'all', BENCH_NAMES, 3], ['kernel', 'linux', KERNEL_NAMES, 1]] as const) {
  if (!sections.has(section)) continue;
  const result = await indexSpeed(`${corpus}/${tree}`, names, { ctagsRuns });
  process.stdout.write(`Index (${corpus}/${tree})\n${renderTable(result.rows)}\n`);
  for (const mismatch of result.mismatches) process.stdout.write(`  ${mismatch}\n`);
  process.stdout.write('\n');
}
if (sections.has('remote')) {
  const result = await remoteSpeed(`${corpus}/linux`, KERNEL_NAMES);
  process.stdout.write(`Team cache (${corpus}/linux, nginx on loopback)\n${renderTable(result.rows)}\n`);
  for (const mismatch of result.mismatches) process.stdout.write(`  ${mismatch}\n`);
  process.stdout.write('\n');
}
if (sections.has('map')) {
  for (const [tree, folder] of [['linux', 'mm'], ['all', 'python']] as const) {
    if (!existsSync(`${corpus}/${tree}`)) continue;
    const result = await mapSpeed(`${corpus}/${tree}`, folder);
    const names = result.coverage.map(({ name, files, shown }) => `${name} (${files})${shown ? '' : ' —'}`).join(', ');
    process.stdout.write(`Map (${corpus}/${tree})\n${renderTable(result.rows)}\nMost used names (files using each; — where the map lacks it): ${names}\nThe map's first lines:\n${result.map}\n\n`);
  }
}
if (sections.has('start')) process.stdout.write(`Start-up (a server on ${corpus}/go, spawn to answer)\n${renderTable(await startSpeed(`${corpus}/go`))}\n\n`);
/** Names the never-indexed row asks of the kernel: common, rare, and used far more often than defined. */
const NEVER_INDEXED_NAMES = ['kmalloc', 'ext4_fill_super', 'printk', 'kfree', 'task_struct', 'zumba_absent_name'];
if (sections.has('sites')) {
  for (const [tree, names] of [['c', []], ['cpp', []], ['cxx', []], ['linux', NEVER_INDEXED_NAMES]] as const) {
    if (!existsSync(path.join(corpus, tree))) continue;
    const { rows, missed } = await definitionSitesCheck(path.join(corpus, tree), names);
    process.stdout.write(`Where C and C++ definitions may stand (${corpus}/${tree})\n${renderTable(rows)}\n`);
    for (const miss of missed.slice(0, 20)) process.stdout.write(`  missed: ${miss}\n`);
    process.stdout.write('\n');
  }
}
if (sections.has('servers')) {
  const { rows, mismatches } = await manyServers(corpus);
  process.stdout.write(`Several servers at once, alone and shared (${corpus}/linux, a git repository, indexed)\n${renderTable(rows)}\n`);
  for (const mismatch of mismatches) process.stdout.write(`  ${mismatch}\n`);
  process.stdout.write('\n');
}
if (sections.has('outline')) process.stdout.write(`Outline speed (${corpus})\n${renderTable(await outlineSpeed(corpus))}\n\n`);
for (const [section, tree, glob, ctagsRuns] of [['trees', 'go', '**/*.go', 3], ['kernel', 'linux', '**/*.{c,h}', 1]] as const) {
  if (!sections.has(section)) continue;
  const result = await treeOutlines(`${corpus}/${tree}`, glob, { ctagsRuns });
  process.stdout.write(`Whole-tree outlines (${corpus}/${tree})\n${renderTable(result.rows)}\n`);
  for (const mismatch of result.mismatches) process.stdout.write(`  ${mismatch}\n`);
  process.stdout.write('\n');
}
if (sections.has('accuracy')) process.stdout.write(`${(await runAccuracy(corpus)).trimEnd()}\n`);
if (sections.has('ends')) process.stdout.write(`\n${(await runEndLines(corpus)).trimEnd()}\n`);
if (sections.has('tokens')) {
  const result = await tokenSavings(corpus);
  process.stdout.write(`\nBytes read to answer navigation questions (${corpus}/all), with the tools and without\n${renderTable(result.rows)}\n`);
  for (const question of result.disagreements) process.stdout.write(`  the two sides disagree: ${question}\n`);
}
if (sections.has('soak')) {
  const result = await soak(corpus, soakMinutes);
  process.stdout.write(`Soak (${corpus}/all, ${soakMinutes} min, one server)\n${renderTable(result.rows)}\n`);
  for (const line of result.lines) process.stdout.write(`  ${line}\n`);
  // A hang or a crash fails the run; other findings are in the table, as in the other sections.
  if (result.stopped !== undefined) process.exitCode = 1;
}
