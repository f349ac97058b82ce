/**
 * The language manifest, `grammars/languages.json`: which grammar serves which file types, and where
 * its queries are; and, for a file type several languages share (`.h`), the rules that tell which
 * one a file's text is written in. Shaped after a grammar repository's `tree-sitter.json` and GitHub
 * Linguist's heuristics. A folder holding `grammars/languages.json` and `queries/` is a language
 * root; the package itself is the first one.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { Languages } from './languages.js';

export interface GrammarEntry {
  readonly name: string;
  readonly scope: string;
  /** File-name endings without the dot (`rs`), or whole file names. */
  readonly fileTypes: readonly string[];
  /** Absolute path of the grammar's `.wasm`. */
  readonly wasm: string;
  /** Absolute paths of the outline query's files, read one after the other as one query. */
  readonly outlineQueries: readonly string[];
  /**
   * Absolute path of the injections query: the parts of a file written in another language (a Vue
   * or Svelte component's `<script>` blocks), outlined as that language (see `injections.ts`).
   */
  readonly injectionsQuery?: string;
  /**
   * Function bodies the parse reads only the declarations of, by the lexical rules of C (and C++),
   * Go or Rust: see `src/languages/c/cBodies.ts`, `go/goBodies.ts`, `rust/rustBodies.ts`. Absent: the whole file is parsed.
   */
  readonly bodies?: BodyRules;
  /** The text is given the grammar after this language's own pass, which rewrites what the grammar misreads. */
  readonly text?: TextRules;
  /**
   * Where a definition's name may stand in a file, by this language's rules, so that find_symbol
   * parses, of the files a name is a word in, only those that may define it (see
   * `src/languages/c/definitionSites.ts`). Absent: every file the name is a word in.
   */
  readonly definitionSites?: SiteRules;
  /**
   * A data language (YAML, TOML, JSON): its keys are outlined, an outline over the entry cap keeps
   * its upper levels whole, and find_symbol reports none of them (a data file defines nothing).
   */
  readonly data?: true;
  /** A long file is parsed in parts of at most `lines` lines, each begun at a line `at` matches (see `parts.ts`). */
  readonly parts?: { readonly lines: number; readonly at: string };
}

export type BodyRules = 'c' | 'go' | 'rust';

/** A language's own pass over a file's text before the parse, every offset kept: see `src/languages/<name>/<name>Text.ts`. */
export type TextRules = 'make' | 'sql' | 'haskell' | 'scss';

/** A language's own test of where a definition's name may stand: see `src/languages/<name>/definitionSites.ts`. */
export type SiteRules = 'c';

/**
 * Which language a file of these types is written in, by its text: the language of the first rule
 * one of whose patterns matches somewhere in it (JavaScript regular expressions, `^` and `$` at
 * every line), else `otherwise`. Languages are named as the manifests (and the built-in ones) name them.
 */
export interface HeuristicEntry {
  readonly fileTypes: readonly string[];
  readonly rules: readonly { readonly language: string; readonly patterns: readonly string[] }[];
  readonly otherwise: string;
}

/**
 * Macros to read as noise in languages' files before they are parsed (see `src/languages/c/macroNoise.ts`); every
 * entry naming a language adds to its lists, the last `unknown` given wins.
 */
export interface MacroEntry {
  readonly languages: readonly string[];
  readonly noise: readonly string[];
  readonly noiseCalls: readonly string[];
  readonly unknown: string | undefined;
  readonly keep: readonly string[];
}

/** What the manifests of a session's language roots say, as plain data (workers are given it). */
export interface ManifestEntries {
  readonly grammars: readonly GrammarEntry[];
  readonly heuristics: readonly HeuristicEntry[];
  readonly macros: readonly MacroEntry[];
}

const Pattern = z.string().min(1).refine((pattern) => {
  try {
    new RegExp(pattern, 'm');
    return true;
  } catch {
    return false;
  }
}, 'must be a JavaScript regular expression');

const LanguageName = z.string().regex(/^[a-z][a-z0-9_-]*$/, 'must be a lower-case identifier');

const Names = z.array(z.string().regex(/^[A-Za-z_$][\w$]*$/, 'must be an identifier'));

const ManifestSchema = z.object({
  macros: z.array(
    z.object({
      languages: z.array(LanguageName).min(1),
      noise: Names.optional(),
      'noise-calls': Names.optional(),
      unknown: Pattern.optional(),
      keep: Names.optional(),
    }).strict(),
  ).optional(),
  heuristics: z.array(
    z.object({
      'file-types': z.array(z.string().min(1)).min(1),
      rules: z.array(z.object({ language: LanguageName, patterns: z.array(Pattern).min(1) }).strict()),
      otherwise: LanguageName,
    }).strict(),
  ).optional(),
  grammars: z.array(
    z.object({
      name: LanguageName,
      scope: z.string().min(1),
      'file-types': z.array(z.string().min(1)).min(1),
      wasm: z.string().min(1),
      // One file, or several read as one (a language sharing patterns with another).
      queries: z.object({ outline: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]), injections: z.string().min(1).optional() }).strict(),
      bodies: z.enum(['c', 'go', 'rust']).optional(),
      text: z.enum(['make', 'sql', 'haskell', 'scss']).optional(),
      'definition-sites': z.enum(['c']).optional(),
      data: z.literal(true).optional(),
      parts: z.object({ lines: z.number().int().min(1), at: Pattern }).strict().optional(),
    }).strict(),
  ),
}).strict();

/** The package's own language root: the package folder. */
export const PACKAGE_LANGUAGE_ROOT = PACKAGE_ROOT;

export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** The languages of the package's manifest and of each further language root's, later ones winning. */
export function loadLanguages(extraRoots: readonly string[] = []): Languages {
  const roots = [PACKAGE_LANGUAGE_ROOT, ...extraRoots];
  const manifests = roots.map(readManifest);
  const entries: ManifestEntries = {
    grammars: manifests.flatMap((manifest) => manifest.grammars),
    heuristics: manifests.flatMap((manifest) => manifest.heuristics),
    macros: manifests.flatMap((manifest) => manifest.macros),
  };
  manifests.forEach((manifest, i) => {
    const unknown = Languages.unknownNames({ grammars: entries.grammars, heuristics: manifest.heuristics, macros: manifest.macros });
    if (unknown.length > 0) throw new ManifestError(`${manifestFile(roots[i]!)}: a heuristic or macro list names no known language: ${unknown.join(', ')}`);
  });
  return new Languages(entries);
}

function manifestFile(languageRoot: string): string {
  return path.join(languageRoot, 'grammars', 'languages.json');
}

export function readManifest(languageRoot: string): ManifestEntries {
  const file = manifestFile(languageRoot);
  let parsed: z.infer<typeof ManifestSchema>;
  try {
    parsed = ManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch (error) {
    const detail = error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : String(error);
    throw new ManifestError(`${file}: ${detail}`);
  }
  const grammars = parsed.grammars.map((entry) => ({
    name: entry.name,
    scope: entry.scope,
    fileTypes: entry['file-types'],
    wasm: resolveGrammarFile(entry.wasm, file),
    outlineQueries: [entry.queries.outline].flat().map((query) => queryFile(languageRoot, query, file)),
    ...(entry.queries.injections === undefined ? {} : { injectionsQuery: queryFile(languageRoot, entry.queries.injections, file) }),
    ...(entry.bodies === undefined ? {} : { bodies: entry.bodies }),
    ...(entry.text === undefined ? {} : { text: entry.text }),
    ...(entry['definition-sites'] === undefined ? {} : { definitionSites: entry['definition-sites'] }),
    ...(entry.data === undefined ? {} : { data: entry.data }),
    ...(entry.parts === undefined ? {} : { parts: entry.parts }),
  }));
  const heuristics = (parsed.heuristics ?? []).map((entry) => ({ fileTypes: entry['file-types'], rules: entry.rules, otherwise: entry.otherwise }));
  const macros = (parsed.macros ?? []).map((entry) => ({
    languages: entry.languages,
    noise: entry.noise ?? [],
    noiseCalls: entry['noise-calls'] ?? [],
    unknown: entry.unknown,
    keep: entry.keep ?? [],
  }));
  return { grammars, heuristics, macros };
}

/** A query file the manifest names, relative to the language root: it must be there (a typo is said now, not at a first outline). */
function queryFile(languageRoot: string, query: string, manifest: string): string {
  const file = path.resolve(languageRoot, query);
  if (!isFile(file)) throw new ManifestError(`${manifest}: query ${query} not found (looked for ${file})`);
  return file;
}

function isFile(file: string): boolean {
  return statSync(file, { throwIfNoEntry: false })?.isFile() === true;
}

/**
 * `./x.wasm` is relative to the manifest's folder; anything else is a file inside an npm package,
 * looked for from the manifest's folder, then among this package's own dependencies.
 */
function resolveGrammarFile(wasm: string, manifest: string): string {
  if (wasm.startsWith('./') || wasm.startsWith('../')) {
    const file = path.resolve(path.dirname(manifest), wasm);
    if (!isFile(file)) throw new ManifestError(`${manifest}: grammar ${wasm} not found (looked for ${file})`);
    return file;
  }
  for (const from of [manifest, fileURLToPath(import.meta.url)]) {
    try {
      return createRequire(from).resolve(wasm);
    } catch {
      // Not installed there: try the next place.
    }
  }
  throw new ManifestError(`${manifest}: grammar ${wasm} not found: install the package that ships it`);
}
