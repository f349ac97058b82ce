/**
 * `npm run bench [corpus]`: our figures beside the reference tools' from the same run, as ratios.
 * The corpus is what `make-corpus.sh` (kept beside the project's shared notes) builds, by default in
 * /tmp/zumba-corpus.
 */
import { existsSync } from 'node:fs';
import { runAccuracy } from './accuracy.js';
import { outlineSpeed } from './outlineSpeed.js';
import { renderTable } from './table.js';

const corpus = process.argv[2] ?? '/tmp/zumba-corpus';
if (!existsSync(corpus)) {
  process.stderr.write(`No corpus at ${corpus}: build it with make-corpus.sh first.\n`);
  process.exit(2);
}

process.stdout.write(`Outline speed (${corpus})\n${renderTable(await outlineSpeed(corpus))}\n\n`);
process.stdout.write(await runAccuracy(corpus));
