/**
 * Outline speed: a warm outline of one file over the corpus (p50, p99) beside ctags on the same
 * files; the first outline in a fresh server, grammar load included; and the first outline of each of
 * the seven tree-sitter languages in a row in one server. Then the same per language for C, C++ and
 * Java and for the languages of `langs/` (make-corpus.sh --langs; TOML: the rust/ part's), when the
 * corpus has them. Without the index (`--no-cache`): these are the engine's figures,
 * not the index's (which answers a file it knows from its bytes' hash).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { written } from '../src/definitions/languages.js';
import { openProject } from '../src/session/project.js';
import { outline } from '../src/tools/outline.js';
import { AGENT_PAUSE_MS, LineClient, timed } from './lineClient.js';
import { median, percentile, type Row } from './table.js';

const SAMPLE_PER_LANGUAGE = 400;
const FRESH_SERVERS = 5;
const FIRST_OUTLINE_GOAL_MS = 150;
const FIXTURES = path.resolve(fileURLToPath(new URL('../../test/fixtures/outline/', import.meta.url)));
/** Corpus parts measured on their own: a folder of the corpus, and the language of its files measured. */
const OWN_ROWS: readonly { readonly folder: string; readonly language: string }[] = [
  ...['c', 'cpp', 'java'].map((language) => ({ folder: language, language })),
  ...['lua', 'elixir', 'haskell', 'objc', 'ocaml', 'julia', 'powershell', 'elm', 'dart', 'zig', 'vue', 'svelte', 'yaml', 'json', 'css'].map((language) => ({ folder: `langs/${language}`, language })),
  { folder: 'langs/ocaml', language: 'ocaml_interface' },
  { folder: 'rust', language: 'toml' },
];

interface SampledFile {
  readonly project: string;
  readonly relative: string;
}

/**
 * Every n-th tree-sitter file of a corpus part (of one language, when named), so the sample spreads
 * over the whole tree. A file whose language its text tells (`.h`) counts as that language.
 */
function sample(root: string, language?: string): SampledFile[] {
  const project = openProject(root, { noCache: true });
  const files = project.walk.current().filter((file) => {
    const named = project.languages.of(file.relative);
    const info = named?.engine === 'by-content' ? written(named, readFileSync(path.join(root, file.relative), 'utf8')) : named;
    return info?.engine === 'tree-sitter' && (language === undefined || info.name === language);
  });
  const step = Math.max(1, Math.floor(files.length / SAMPLE_PER_LANGUAGE));
  return files.filter((_, i) => i % step === 0).slice(0, SAMPLE_PER_LANGUAGE).map((file) => ({ project: root, relative: file.relative }));
}

async function warmOutlines(files: readonly SampledFile[]): Promise<number[]> {
  const projects = new Map<string, ReturnType<typeof openProject>>();
  const projectOf = (root: string) => projects.get(root) ?? projects.set(root, openProject(root, { noCache: true })).get(root)!;
  for (const file of files) await outline(projectOf(file.project), { path: file.relative }); // grammars loaded, caches warm
  const times: number[] = [];
  for (const file of files) times.push((await timed(() => outline(projectOf(file.project), { path: file.relative }))).ms);
  return times.sort((a, b) => a - b);
}

/** ctags over the same files in one process (its best case): milliseconds per file. */
function ctagsPerFile(files: readonly SampledFile[]): number {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-bench-'));
  const list = path.join(folder, 'files');
  writeFileSync(list, files.map((f) => path.join(f.project, f.relative)).join('\n') + '\n');
  const start = performance.now();
  const result = spawnSync('ctags', ['-f', '/dev/null', '-L', list]);
  const ms = performance.now() - start;
  rmSync(folder, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`ctags failed: ${result.stderr}`);
  return ms / files.length;
}

function ctagsOneFile(file: string): number {
  const start = performance.now();
  spawnSync('ctags', ['-f', '/dev/null', file]);
  return performance.now() - start;
}

/** The first outline in a fresh server, asked `pauseMs` after the handshake. */
async function firstOutlineInFreshServer(project: string, file: string, pauseMs: number): Promise<number> {
  const client = new LineClient(['mcp', project, '--no-cache']);
  await client.initialize();
  await sleep(pauseMs);
  const { ms } = await timed(() => client.callTool('outline', { path: file }));
  await client.close();
  return ms;
}

/**
 * The first outline of a file in fresh servers, beside ctags's on the file: asked at once after the
 * handshake (a script's client), and a second later, as an agent's first call comes after its
 * model's turn (the server warms its engine meanwhile: see warmUp).
 */
async function firstOutlineRows(label: string, file: SampledFile): Promise<Row[]> {
  const ctagsFresh = median(Array.from({ length: FRESH_SERVERS }, () => ctagsOneFile(path.join(file.project, file.relative))));
  const rows: Row[] = [];
  for (const [pauseMs, when] of [[0, 'at once'], [AGENT_PAUSE_MS, `${AGENT_PAUSE_MS / 1000} s after the handshake`]] as const) {
    const firsts: number[] = [];
    for (let i = 0; i < FRESH_SERVERS; i++) firsts.push(await firstOutlineInFreshServer(file.project, file.relative, pauseMs));
    rows.push({
      metric: `${label}first outline, fresh server, ${when} (median of ${FRESH_SERVERS})`,
      ours: median(firsts),
      unit: 'ms',
      reference: { value: ctagsFresh, tool: 'ctags, fresh' },
      goal: `≤ ${FIRST_OUTLINE_GOAL_MS} ms`,
      met: median(firsts) <= FIRST_OUTLINE_GOAL_MS,
    });
  }
  return rows;
}

/** A project holding one real file per tree-sitter language: corpus files where the corpus has them. */
function sevenLanguageProject(corpus: string, files: readonly SampledFile[]): { root: string; files: string[] } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-seven-'));
  const pick = (extension: string) => files.find((f) => f.relative.endsWith(extension));
  const names: string[] = [];
  for (const extension of ['.rs', '.ts', '.js', '.py', '.go']) {
    const file = pick(extension);
    if (file === undefined) throw new Error(`no ${extension} file in ${corpus}`);
    names.push(`sample${extension}`);
    copyFileSync(path.join(file.project, file.relative), path.join(root, `sample${extension}`));
  }
  for (const language of ['tsx', 'swift']) {
    const fixture = readdirSync(path.join(FIXTURES, language)).find((name) => !name.endsWith('.outline'))!;
    names.push(`sample.${language}`);
    copyFileSync(path.join(FIXTURES, language, fixture), path.join(root, `sample.${language}`));
  }
  return { root, files: names };
}

/** One language's sample: warm p50 and p99, the mean beside ctags's, the first outline in a fresh server. */
async function languageRows(corpus: string, folder: string, language: string): Promise<Row[]> {
  const files = sample(path.join(corpus, folder), language);
  if (files.length === 0) return [];
  const warm = await warmOutlines(files);
  const mean = warm.reduce((a, b) => a + b, 0) / warm.length;
  return [
    { metric: `${language}: warm outline p50 (${warm.length} files)`, ours: percentile(warm, 50), unit: 'ms', goal: '≤ 5 ms', met: percentile(warm, 50) <= 5 },
    { metric: `${language}: warm outline p99`, ours: percentile(warm, 99), unit: 'ms', goal: '≤ 50 ms', met: percentile(warm, 99) <= 50 },
    { metric: `${language}: warm outline mean per file`, ours: mean, unit: 'ms', reference: { value: ctagsPerFile(files), tool: 'ctags, one run' } },
    ...(await firstOutlineRows(`${language}: `, files[0]!)),
  ];
}

export async function outlineSpeed(corpus: string): Promise<Row[]> {
  const files = ['rust', 'ts', 'python', 'go'].flatMap((part) => sample(path.join(corpus, part)));
  const warm = await warmOutlines(files);
  const ctags = ctagsPerFile(files);
  const mean = warm.reduce((a, b) => a + b, 0) / warm.length;

  const firsts = await firstOutlineRows('', files.find((f) => f.relative.endsWith('.rs'))!);

  const seven = sevenLanguageProject(corpus, files);
  const client = new LineClient(['mcp', seven.root, '--no-cache']);
  await client.initialize();
  const inARow: Row[] = [];
  for (const file of seven.files) {
    const { ms } = await timed(() => client.callTool('outline', { path: file }));
    const ctagsMs = ctagsOneFile(path.join(seven.root, file));
    inARow.push({
      metric: `first outline in a row, ${path.extname(file)}`,
      ours: ms,
      unit: 'ms',
      reference: { value: ctagsMs, tool: 'ctags, fresh' },
      goal: `≤ ${FIRST_OUTLINE_GOAL_MS} ms`,
      met: ms <= FIRST_OUTLINE_GOAL_MS,
    });
  }
  await client.close();
  rmSync(seven.root, { recursive: true, force: true });

  const own: Row[] = [];
  for (const { folder, language } of OWN_ROWS) if (existsSync(path.join(corpus, folder))) own.push(...(await languageRows(corpus, folder, language)));

  return [
    { metric: `warm outline p50 (${warm.length} files)`, ours: percentile(warm, 50), unit: 'ms', goal: '≤ 5 ms', met: percentile(warm, 50) <= 5 },
    { metric: 'warm outline p99', ours: percentile(warm, 99), unit: 'ms', goal: '≤ 50 ms', met: percentile(warm, 99) <= 50 },
    { metric: 'warm outline mean per file', ours: mean, unit: 'ms', reference: { value: ctags, tool: 'ctags, one run' } },
    ...firsts,
    ...inARow,
    ...own,
  ];
}
