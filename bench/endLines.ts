/**
 * Where definitions end, against the languages' own parsers, on the benchmark corpus: Python's `ast`
 * (`end_lineno` of each class and def, bench/python_ast_outline.py) on python/, and Universal Ctags'
 * `end:` field (`--fields=+e`) on go/, c/ and java/ (every `.c` and `.h` of c/ read by ctags as C,
 * C prototypes included). A definition both list (same file, same line, and the same name or, for a
 * qualified one of ours, its last segment: Go's `Server.Start` is ctags's `Start`) whose reference has
 * an end line is compared; the goal is the same end line for 99% of them in each corpus. Then the
 * differences by kind and direction, with examples. Also the size of `find_symbol {body: true}`
 * answers over the search bench's names on all/.
 *
 *   node dist/bench/endLines.js [corpusRoot]
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Definition } from '../src/definitions/definition.js';
import { definitionsOf } from '../src/definitions/engine.js';
import type { Languages } from '../src/definitions/languages.js';
import { openProject } from '../src/session/project.js';
import { findSymbol } from '../src/tools/findSymbol.js';
import { absoluteList, DEFAULT_CORPUS, filesUnder, GOAL, jsonLines, PYTHON_SCRIPT, readText, smallEnough } from './accuracy.js';
import { BENCH_NAMES } from './searchSpeed.js';
import { median, renderTable, type Row } from './table.js';

const EXAMPLES = 4;
const SHOWN_CATEGORIES = 8;

/** A definition of the reference with its end line. */
interface Ended {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly kind: string;
  readonly endLine: number;
}

interface Suite {
  readonly label: string;
  readonly folder: string;
  readonly accepts: (file: string) => boolean;
  readonly reference: (root: string, files: readonly string[]) => Promise<Ended[]>;
}

const SUITES: readonly Suite[] = [
  { label: 'Python', folder: 'python', accepts: (file) => /\.pyi?$/.test(file), reference: pythonEnds },
  { label: 'Go', folder: 'go', accepts: (file) => file.endsWith('.go'), reference: ctagsEnds('Go', []) },
  { label: 'C', folder: 'c', accepts: (file) => /\.[ch]$/.test(file), reference: ctagsEnds('C', ['--kinds-C=+p']) },
  { label: 'Java', folder: 'java', accepts: (file) => file.endsWith('.java'), reference: ctagsEnds('Java', []) },
];

async function pythonEnds(root: string, files: readonly string[]): Promise<Ended[]> {
  const ended: Ended[] = [];
  await jsonLines('python3', [PYTHON_SCRIPT, '-'], absoluteList(root, files), (value) => {
    const record = value as { file: string; line?: number; endLine?: number; name?: string; kind?: string; error?: string };
    if (record.error !== undefined || record.endLine === undefined) return;
    ended.push({ file: relativeTo(root, record.file), line: record.line!, name: record.name!, kind: record.kind!, endLine: record.endLine });
  });
  return ended;
}

function ctagsEnds(language: 'Go' | 'C' | 'Java', extra: readonly string[]) {
  return async (root: string, files: readonly string[]): Promise<Ended[]> => {
    const ended: Ended[] = [];
    const args = ['--sort=no', '--output-format=json', '--fields=+neK', ...extra, `--language-force=${language}`, '-L', '-', '-f', '-'];
    await jsonLines('ctags', args, absoluteList(root, files), (value) => {
      const tag = value as { _type: string; name: string; path: string; line: number; kind: string; end?: number };
      if (tag._type === 'tag' && tag.end !== undefined) ended.push({ file: relativeTo(root, tag.path), line: tag.line, name: tag.name, kind: tag.kind, endLine: tag.end });
    });
    return ended;
  };
}

function relativeTo(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/');
}

const lastSegment = (name: string) => name.split(/\.|::/).at(-1) || name;
const siteKey = (file: string, line: number, name: string) => `${file}\0${line}\0${name}`;

interface SuiteResult {
  readonly label: string;
  readonly compared: number;
  readonly same: number;
  /** `<reference kind>, ours later|earlier` → examples. */
  readonly differences: Map<string, string[]>;
}

async function runSuite(languages: Languages, root: string, suite: Suite): Promise<SuiteResult | undefined> {
  const files = filesUnder(root, suite.folder).filter((file) => suite.accepts(file) && smallEnough(root, file));
  if (files.length === 0) return undefined;
  const ours = new Map<string, Definition>();
  for (const file of files) {
    for (const definition of (await definitionsOf(languages, file, readText(root, file))) ?? []) {
      const key = siteKey(file, definition.line, lastSegment(definition.name));
      if (!ours.has(key)) ours.set(key, definition);
    }
  }
  let compared = 0;
  let same = 0;
  const differences = new Map<string, string[]>();
  for (const reference of await suite.reference(root, files)) {
    const definition = ours.get(siteKey(reference.file, reference.line, reference.name));
    if (definition === undefined) continue;
    compared++;
    if (definition.endLine === reference.endLine) {
      same++;
      continue;
    }
    const category = `${reference.kind}, ours ${definition.endLine > reference.endLine ? 'later' : 'earlier'}`;
    const examples = differences.get(category) ?? [];
    examples.push(`${reference.file}:${reference.line} ${reference.name}: ours ${definition.endLine}, reference ${reference.endLine}`);
    differences.set(category, examples);
  }
  return { label: suite.label, compared, same, differences };
}

/** The characters of `find_symbol {body: true}` for each bench name, through a project on all/. */
async function bodyAnswerSizes(root: string): Promise<number[]> {
  const project = openProject(path.join(root, 'all'), { noCache: true });
  try {
    const sizes: number[] = [];
    for (const name of BENCH_NAMES) sizes.push((await findSymbol(project, { name, body: true })).length);
    return sizes;
  } finally {
    await project.search.close();
  }
}

export async function runEndLines(corpusRoot: string): Promise<string> {
  const root = path.resolve(corpusRoot);
  const { languages } = openProject(root, { noCache: true });
  const rows: Row[] = [];
  const details: string[] = [];
  for (const suite of SUITES) {
    const result = await runSuite(languages, root, suite);
    if (result === undefined) continue;
    const reference = suite.label === 'Python' ? 'ast' : 'ctags';
    const share = result.compared === 0 ? 0 : result.same / result.compared;
    rows.push({ metric: `${result.label}: same end line (${result.compared} both list)`, ours: 100 * share, unit: '%', goal: `≥ ${100 * GOAL}% (${reference})`, met: share >= GOAL });
    const categories = [...result.differences].sort((a, b) => b[1].length - a[1].length).slice(0, SHOWN_CATEGORIES);
    for (const [category, examples] of categories) {
      details.push(`  ${result.label} ${category}: ${examples.length}`, ...examples.slice(0, EXAMPLES).map((example) => `      ${example}`));
    }
  }
  const sizes = await bodyAnswerSizes(root);
  rows.push({ metric: `find_symbol body: median answer (${sizes.length} names)`, ours: median(sizes), unit: 'chars' });
  rows.push({ metric: 'find_symbol body: largest answer', ours: Math.max(...sizes), unit: 'chars' });
  return [`End lines (${root})`, renderTable(rows), ...details, ''].join('\n');
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.stdout.write(`${await runEndLines(process.argv[2] ?? DEFAULT_CORPUS)}\n`);
}
