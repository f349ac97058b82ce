/**
 * Which definitions engine serves a file, by its name. Markdown has its own heading scanner; the
 * programming languages listed here get the keyword scanner. Prose and data files (`.txt`, `.json`,
 * `.yaml`, …) are not listed: they define nothing.
 */
import path from 'node:path';

export type Engine = 'markdown' | 'keywords';

export interface LanguageInfo {
  readonly name: string;
  readonly engine: Engine;
}

const MARKDOWN: LanguageInfo = { name: 'markdown', engine: 'markdown' };

/** Programming languages the keyword scanner covers, by file extension. */
const KEYWORD_LANGUAGES: Readonly<Record<string, string>> = {
  rs: 'rust',
  ts: 'typescript', mts: 'typescript', cts: 'typescript', tsx: 'tsx',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript', jsx: 'javascript',
  py: 'python', pyi: 'python',
  go: 'go',
  swift: 'swift',
  c: 'c', h: 'c', cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hpp: 'cpp', hh: 'cpp', hxx: 'cpp',
  java: 'java', kt: 'kotlin', kts: 'kotlin', scala: 'scala', cs: 'c_sharp',
  rb: 'ruby', php: 'php', lua: 'lua', ex: 'elixir', exs: 'elixir', ml: 'ocaml',
  sh: 'bash', bash: 'bash', zsh: 'bash', dart: 'dart', zig: 'zig', nim: 'nim', jl: 'julia',
  hs: 'haskell', erl: 'erlang', clj: 'clojure', r: 'r', pl: 'perl', pm: 'perl', v: 'v', sol: 'solidity',
};

/** Prose and data: `outline` lists nothing for these, rather than guess at keywords in text. */
const PROSE_AND_DATA = new Set([
  'txt', 'text', 'rst', 'adoc', 'json', 'jsonc', 'json5', 'jsonl', 'ndjson', 'yaml', 'yml', 'toml', 'ini', 'cfg',
  'conf', 'csv', 'tsv', 'xml', 'svg', 'html', 'htm', 'lock', 'log', 'sum', 'mod', 'properties', 'env',
]);

export function isProseOrData(file: string): boolean {
  return PROSE_AND_DATA.has(path.extname(file).slice(1).toLowerCase());
}

export function languageOf(file: string): LanguageInfo | undefined {
  const extension = path.extname(file).slice(1).toLowerCase();
  if (extension === 'md' || extension === 'markdown' || extension === 'mdx') return MARKDOWN;
  const name = KEYWORD_LANGUAGES[extension];
  return name === undefined ? undefined : { name, engine: 'keywords' };
}
