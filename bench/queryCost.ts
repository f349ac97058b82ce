/**
 * What each pattern of a language's outline query costs tree-sitter to compile: the first outline of
 * a language waits for its query's compilation, and tree-sitter's analysis of a pattern against the
 * grammar's parse table can take tens of milliseconds (see queries/README.md on what makes it dear).
 *
 *   node dist/bench/queryCost.js [LANGUAGE …]   (default: every tree-sitter language)
 *
 * Prints, per language, the whole query's compilation (the first in this process, then the fastest of
 * three), then its patterns from the dearest, each compiled alone, less what a one-node query costs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Language, Parser, Query } from 'web-tree-sitter';
import { loadLanguages } from '../src/definitions/manifest.js';
import type { GrammarEntry } from '../src/definitions/manifest.js';
import { PACKAGE_ROOT } from '../src/packageRoot.js';

const RUNS = 3;
const SHOWN_PATTERNS = 8;

function fastest(compile: () => void): number {
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    compile();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** Each pattern's source and line (tree-sitter gives the patterns' bounds in UTF-8 bytes). */
function patternSources(query: Query, source: string): { text: string; line: number }[] {
  const bytes = Buffer.from(source);
  return Array.from({ length: query.patternCount() }, (_, i) => {
    const start = query.startIndexForPattern(i);
    return { text: bytes.subarray(start, query.endIndexForPattern(i)).toString(), line: bytes.subarray(0, start).toString().split('\n').length };
  });
}

async function languageCost(entry: GrammarEntry): Promise<string> {
  const language = await Language.load(readFileSync(entry.wasm));
  const source = entry.outlineQueries.map((file) => readFileSync(file, 'utf8')).join('\n');
  const start = performance.now();
  const whole = new Query(language, source);
  const first = performance.now() - start;
  const sources = patternSources(whole, source);
  whole.delete();
  const best = fastest(() => new Query(language, source).delete());
  const base = fastest(() => new Query(language, '(ERROR) @_').delete());
  const patterns = sources
    .map(({ text, line }) => ({ line, text, ms: fastest(() => new Query(language, text).delete()) - base }))
    .sort((a, b) => b.ms - a.ms);
  const files = entry.outlineQueries.map((file) => path.relative(PACKAGE_ROOT, file)).join(' + ');
  const lines = [`${entry.name}: ${first.toFixed(0)} ms first, ${best.toFixed(0)} ms fastest, ${patterns.length} patterns (${files})`];
  for (const { line, text, ms } of patterns.slice(0, SHOWN_PATTERNS)) {
    lines.push(`  ${ms.toFixed(1).padStart(6)} ms  line ${String(line).padEnd(5)} ${text.replace(/\s+/g, ' ').slice(0, 110)}`);
  }
  return lines.join('\n');
}

const names = process.argv.slice(2);
const entries = loadLanguages().entries.grammars.filter((entry) => names.length === 0 || names.includes(entry.name));
if (names.length > 0 && entries.length < names.length) {
  process.stderr.write(`No tree-sitter language named ${names.filter((name) => !entries.some((e) => e.name === name)).join(', ')}\n`);
  process.exit(2);
}
await Parser.init();
for (const entry of entries) process.stdout.write(`${await languageCost(entry)}\n`);
