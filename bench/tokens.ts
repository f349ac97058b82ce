/**
 * `npm run bench -- <corpus> tokens`: the bytes an agent reads to answer navigation questions about
 * the corpus's `all` tree with Zumba's tools, beside the bytes without them: an `rg` search, then
 * reading the files it names, as agents do. Five kinds of question:
 *
 * - where to start: the map of the tree and of each of its four top folders (`outline` of the folder,
 *   at its default budget) against what an agent reads to orient itself without it: the folder's
 *   listing (`rg --files`), its README where it has one, and the files that hold what the map shows
 *   (the first five the map shows definitions of, whole): it reads those to learn the same;
 *
 * - what is in this file: `outline` against reading the file;
 * - where is X defined, and show it: `find_symbol {body}` against `rg -w X` (all of it: the
 *   definition may be on any line) and reading each file that defines X;
 * - who uses X: `find_references {enclosing}` against rg's lines (as many as find_references shows,
 *   80) and reading the files they are in, to see what holds each line;
 * - which test covers X: the same `find_references {enclosing}` answer against rg's lines and
 *   reading the files among them that are tests by their path (`test`, `tests`, `spec`).
 *
 * The questions are fixed before any answer is seen: the files are the corpus's source files at even
 * steps in path order; X is the first function or type each of those files declares (a word of six
 * letters or more); for the tests, the names declared in those files, in order, that some test
 * uses (a question with no test has no answer to compare). For each question the bench checks that
 * both sides hold the same answer (the outline's names on their lines of the file; find_symbol's
 * and find_references's lines among rg's; the tests found in files the other side read) and
 * counts the questions that agree.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LineClient } from './lineClient.js';
import { rgSortedArgs } from './searchSpeed.js';
import type { Row } from './table.js';

const QUESTIONS = 20;
const SOURCE = /\.(go|rs|py|ts|tsx|js)$/;
/** find_references shows this many lines: the other side reads as many of rg's. */
const REFERENCE_LINES = 80;
/** A path that holds tests, by the usual conventions (`test/`, `tests/`, `foo_test.go`, `x.spec.ts`, `test_x.py`). */
const TEST_PATH = /(^|[/_.-])(tests?|spec)([/_.-]|$)/i;
/** What holds a test: a test or suite entry, or a function or method named as xUnit's are (`test_x`, `TestX`). */
const TEST_HOLDER = /^\S+:\d+-\d+ (?:(?:test|suite) .*|(?:function|method) (?:.*[.:])?(?:test|Test)\w*)$/;

interface Tally {
  questions: number;
  agree: number;
  withTools: number;
  without: number;
}

export async function tokenSavings(corpus: string): Promise<{ rows: Row[]; disagreements: string[] }> {
  const tree = `${corpus}/all`;
  const client = new LineClient(['mcp', tree]);
  const disagreements: string[] = [];
  const tallies = new Map<string, Tally>();
  const count = (kind: string, agree: boolean, withTools: string, without: number, question: string) => {
    const tally = tallies.get(kind) ?? { questions: 0, agree: 0, withTools: 0, without: 0 };
    tally.questions++;
    tally.withTools += Buffer.byteLength(withTools);
    tally.without += without;
    if (agree) tally.agree++;
    else disagreements.push(`${kind}: ${question}`);
    tallies.set(kind, tally);
  };
  try {
    const files = sourceFiles(tree);
    const asked = files.filter((_, i) => i % Math.max(1, Math.floor(files.length / QUESTIONS)) === 0).slice(0, QUESTIONS);
    const declared: string[] = [];
    for (const file of asked) {
      const text = readFileSync(path.join(tree, file), 'utf8');
      const outline = await client.callTool('outline', { path: file });
      count('what is in this file', outlineAgrees(outline, text), outline, Buffer.byteLength(text), file);
      const names = declaredNames(outline);
      declared.push(...names);
      const name = names[0];
      if (name === undefined) continue;
      const rg = rgLines(tree, name);
      const symbol = await client.callTool('find_symbol', { name, body: true });
      const sites = symbolSites(symbol);
      const read = [...new Set(sites.map((site) => site.split(':')[0]!))];
      count('where is X defined, and show it', sites.length > 0 && sites.every((site) => rg.sites.has(site)), symbol, rg.bytes + bytesOf(tree, read), name);
      const references = await client.callTool('find_references', { name, enclosing: true });
      const shown = rg.lines.slice(0, REFERENCE_LINES);
      count('who uses X', sameSites(referenceSites(references), shown), references, byteLength(shown) + bytesOf(tree, filesOf(shown)), name);
    }
    for (const folder of ['.', ...START_FOLDERS]) {
      const map = await client.callTool('outline', { path: folder });
      const listing = spawnSync('rg', ['--files', folder], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 30 }).stdout;
      const readme = ['README.md', 'README', 'README.rst'].map((name) => path.join(folder, name)).filter((file) => isFile(path.join(tree, file)));
      const shown = mapEntries(map);
      const opened = [...new Set(shown.map((entry) => entry.file))].slice(0, START_FILES);
      count('where to start', shown.length > 0 && shown.every((entry) => entryOnItsLine(tree, entry)), map, Buffer.byteLength(listing) + bytesOf(tree, [...readme.slice(0, 1), ...opened]), folder);
    }
    let tested = 0;
    for (const name of [...new Set(declared)]) {
      if (tested === QUESTIONS) break;
      const references = await client.callTool('find_references', { name, enclosing: true });
      const tests = references.split('\n').filter((line) => TEST_HOLDER.test(line));
      if (tests.length === 0) continue;
      tested++;
      const shown = rgLines(tree, name).lines.slice(0, REFERENCE_LINES);
      const testFiles = filesOf(shown).filter((file) => TEST_PATH.test(file));
      const agree = tests.every((heading) => testFiles.includes(heading.split(':')[0]!));
      count('which test covers X', agree, references, byteLength(shown) + bytesOf(tree, testFiles), name);
    }
  } finally {
    await client.close();
  }
  const rows = [...tallies].map(([kind, tally]): Row => ({
    metric: `${kind} (${tally.agree} of ${tally.questions} agree)`,
    ours: tally.withTools / 1024,
    unit: 'KB',
    reference: { value: tally.without / 1024, tool: 'rg + files read' },
  }));
  return { rows, disagreements };
}

/** The folders of `all`, each mapped as a question of its own. */
const START_FOLDERS = ['go', 'rust', 'python', 'ts'];
/** The files an agent opens to orient itself without a map: as many as the map's first. */
const START_FILES = 5;

/** Each definition a map shows, with its file. */
function mapEntries(map: string): { file: string; line: number; name: string }[] {
  const entries: { file: string; line: number; name: string }[] = [];
  let file = '';
  for (const line of map.split('\n')) {
    const entry = /^\s+(\d+) \S+ (.*)$/.exec(line);
    if (entry === null) file = line;
    else entries.push({ file, line: Number(entry[1]), name: entry[2]! });
  }
  return entries;
}

/** Whether the file holds the entry's name (its last segment) on the entry's line. */
function entryOnItsLine(tree: string, entry: { file: string; line: number; name: string }): boolean {
  const line = readFileSync(path.join(tree, entry.file), 'utf8').split('\n')[entry.line - 1] ?? '';
  return line.includes(entry.name.split(/[.:]/).at(-1)!);
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/** The tree's source files in path order, as rg lists them (its ignore rules, as the searches'). */
function sourceFiles(tree: string): string[] {
  const listed = spawnSync('rg', ['--files', '--sort', 'path', '--max-filesize', '512K', '.'], { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 30 });
  return listed.stdout.split('\n').map((line) => line.replace(/^\.\//, '')).filter((file) => SOURCE.test(file));
}

/** rg's lines for a name (paths without `./`), the `path:line` of each, and the bytes it printed. */
function rgLines(tree: string, name: string): { lines: string[]; sites: Set<string>; bytes: number } {
  const found = spawnSync('rg', rgSortedArgs(name), { cwd: tree, encoding: 'utf8', maxBuffer: 1 << 30 });
  const lines = found.stdout.split('\n').filter((line) => line !== '').map((line) => line.replace(/^\.\//, ''));
  return { lines, sites: new Set(lines.map(siteOf)), bytes: Buffer.byteLength(found.stdout) };
}

/** `path:line` of an rg line or a find_symbol result line. */
function siteOf(line: string): string {
  return /^[^:]+:\d+/.exec(line)![0];
}

function filesOf(lines: readonly string[]): string[] {
  return [...new Set(lines.map((line) => line.split(':')[0]!))];
}

function byteLength(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
}

function bytesOf(tree: string, files: readonly string[]): number {
  return files.reduce((sum, file) => sum + statSync(path.join(tree, file)).size, 0);
}

/** Every outline entry's name (its last word) stands on the line the outline gives. */
function outlineAgrees(outline: string, text: string): boolean {
  const lines = text.split('\n');
  return outline.split('\n').every((entry) => {
    const parsed = /^\s*(\d+) \S+ (.*)$/.exec(entry);
    if (parsed === null) return entry === 'No declarations.' || entry.startsWith('… ');
    const word = parsed[2]!.split(/[^\w$]+/).filter((part) => part !== '').at(-1) ?? '';
    return lines[Number(parsed[1]) - 1]?.includes(word) === true;
  });
}

/** The names of an outline's functions and types, as find_symbol is asked for them: their last segment, a word of six letters or more. */
function declaredNames(outline: string): string[] {
  return outline.split('\n').flatMap((entry) => {
    const parsed = /^\s*\d+ (function|method|class|struct|interface|type|trait|enum) (\S+)$/.exec(entry);
    const name = parsed?.[2]!.split(/\.|::/).at(-1);
    return name !== undefined && /^[A-Za-z_]\w{5,}$/.test(name) ? [name] : [];
  });
}

/** find_symbol's result lines (`path:line kind — source`), not the bodies under them. */
function symbolSites(answer: string): string[] {
  return answer.split('\n').filter((line) => /^[^\s:]+:\d+ \S+ — /.test(line)).map(siteOf);
}

/** find_references {enclosing}'s lines as `path:line`: each `  line: text` under the path of its heading. */
function referenceSites(answer: string): string[] {
  let file = '';
  return answer.split('\n').flatMap((line) => {
    const reference = /^ {2}(\d+): /.exec(line);
    if (reference !== null) return [`${file}:${reference[1]}`];
    if (!line.startsWith('…')) file = line.replace(/:\d+-\d+ .*$/, '');
    return [];
  });
}

function sameSites(sites: readonly string[], rgShown: readonly string[]): boolean {
  return sites.length === rgShown.length && sites.every((site, i) => site === siteOf(rgShown[i]!));
}
