/**
 * `npm run bench [corpus] [search|outline|accuracy|soak [minutes]…]`: our figures beside the reference
 * tools' from the same run, as ratios. Without sections, search, outline and accuracy; the soak (30
 * minutes by default) runs only when asked for.
 * The corpus is what `make-corpus.sh` (kept beside the project's shared notes) builds, by default in
 * /tmp/zumba-corpus.
 */
import { existsSync } from 'node:fs';
import { runAccuracy } from './accuracy.js';
import { outlineSpeed } from './outlineSpeed.js';
import { searchSpeed } from './searchSpeed.js';
import { soak } from './soak.js';
import { renderTable } from './table.js';

const [corpusArgument, ...sectionArguments] = process.argv.slice(2);
const corpus = corpusArgument ?? '/tmp/zumba-corpus';
const DEFAULT_SECTIONS = ['search', 'outline', 'accuracy'];
const SECTIONS = [...DEFAULT_SECTIONS, 'soak'];
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

if (sections.has('search')) {
  const search = await searchSpeed(corpus);
  process.stdout.write(`Search (${corpus}/all)\n${renderTable(search.rows)}\n`);
  for (const mismatch of search.mismatches) process.stdout.write(`  differs from rg: ${mismatch}\n`);
  process.stdout.write('\n');
}
if (sections.has('outline')) process.stdout.write(`Outline speed (${corpus})\n${renderTable(await outlineSpeed(corpus))}\n\n`);
if (sections.has('accuracy')) process.stdout.write(`${(await runAccuracy(corpus)).trimEnd()}\n`);
if (sections.has('soak')) {
  const result = await soak(corpus, soakMinutes);
  process.stdout.write(`Soak (${corpus}/all, ${soakMinutes} min, one server)\n${renderTable(result.rows)}\n`);
  for (const line of result.lines) process.stdout.write(`  ${line}\n`);
  // A hang or a crash fails the run; other findings are in the table, as in the other sections.
  if (result.stopped !== undefined) process.exitCode = 1;
}
