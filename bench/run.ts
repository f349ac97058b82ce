/**
 * `npm run bench [corpus] [search|outline|accuracy…]`: our figures beside the reference tools' from the same run, as ratios.
 * The corpus is what `make-corpus.sh` (kept beside the project's shared notes) builds, by default in
 * /tmp/zumba-corpus.
 */
import { existsSync } from 'node:fs';
import { runAccuracy } from './accuracy.js';
import { outlineSpeed } from './outlineSpeed.js';
import { searchSpeed } from './searchSpeed.js';
import { renderTable } from './table.js';

const [corpusArgument, ...sectionArguments] = process.argv.slice(2);
const corpus = corpusArgument ?? '/tmp/zumba-corpus';
const SECTIONS = ['search', 'outline', 'accuracy'] as const;
const sections = new Set(sectionArguments.length > 0 ? sectionArguments : SECTIONS);
if (!existsSync(corpus)) {
  process.stderr.write(`No corpus at ${corpus}: build it with make-corpus.sh first.\n`);
  process.exit(2);
}

if (sections.has('search')) {
  const search = await searchSpeed(corpus);
  process.stdout.write(`Search (${corpus}/all)\n${renderTable(search.rows)}\n`);
  for (const mismatch of search.mismatches) process.stdout.write(`  differs from rg: ${mismatch}\n`);
  process.stdout.write('\n');
}
if (sections.has('outline')) process.stdout.write(`Outline speed (${corpus})\n${renderTable(await outlineSpeed(corpus))}\n\n`);
if (sections.has('accuracy')) process.stdout.write(`${(await runAccuracy(corpus)).trimEnd()}\n`);
