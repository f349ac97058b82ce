/** The definitions engine: one entry point that `outline` and `find_symbol` both use. */
import type { Definition } from './definition.js';
import { outlineInWorker } from './isolatedOutline.js';
import { keywordDefinitions } from './keywordScanner.js';
import { isProseOrData, written, type LanguageInfo, type Languages } from './languages.js';
import { markdownHeadings } from './markdownScanner.js';
import type { GrammarEntry } from './manifest.js';
import { parseInput, type ParseInput } from './parseInput.js';
import { partsOf } from './parts.js';
import type { Injection } from './injections.js';
import { without } from '../text/textRanges.js';
import { PARSE_BUDGET_MS, treeSitterDefinitions } from './treeSitter.js';

/**
 * Called when what answered is not the language's own engine but its stand-in (the keyword scanner
 * for a grammar that failed or a parse past its budget, here or in a large file's worker): such
 * definitions are not to be kept for other processes.
 */
export type OnFallback = () => void;

/**
 * The definitions find_symbol reports of a file, in source order with their nesting depth; undefined
 * when the file's language is not known (prose, no extension) or is a data language (YAML, TOML,
 * JSON, whose keys only an outline lists): such a file defines nothing.
 */
export async function definitionsOf(languages: Languages, file: string, text: string, onFallback?: OnFallback): Promise<Definition[] | undefined> {
  const language = languages.defining(file);
  return language === undefined ? undefined : definitionsIn(language, text, onFallback);
}

/** Past this many characters a file is parsed in a worker of its own (see `isolatedOutline.ts`). */
const ISOLATED_OUTLINE_CHARS = 1 << 20;

/**
 * What `outline` shows: a file of no known language that is not prose or data (a script without an
 * extension, a language nobody listed yet) still gets the keyword scanner's best effort.
 */
export async function outlineDefinitions(languages: Languages, file: string, text: string, onFallback?: OnFallback): Promise<Definition[]> {
  const language = languages.of(file);
  if (text.length <= ISOLATED_OUTLINE_CHARS || language === undefined || written(language, text).engine !== 'tree-sitter') return outlineDefinitionsHere(languages, file, text, onFallback);
  try {
    const isolated = await outlineInWorker(languages, file, text);
    if (isolated.fellBack) onFallback?.();
    return isolated.definitions;
  } catch (error) {
    reportFailure('large-file outline worker', error);
    onFallback?.();
    return keywordDefinitions(text);
  }
}

/** `outlineDefinitions` on this thread, whatever the file's size. */
export async function outlineDefinitionsHere(languages: Languages, file: string, text: string, onFallback?: OnFallback): Promise<Definition[]> {
  const language = languages.of(file);
  if (language !== undefined) return definitionsIn(language, text, onFallback);
  return isProseOrData(file) ? [] : keywordDefinitions(text);
}

const reportedFailures = new Set<string>();

/** Says on stderr, once per part, why the keyword scanner answers for it. */
function reportFailure(part: string, error: unknown): void {
  if (reportedFailures.has(part)) return;
  reportedFailures.add(part);
  process.stderr.write(`zumba: the ${part} failed, using the keyword scanner: ${error instanceof Error ? error.message : String(error)}\n`);
}

/**
 * A file's own definitions and, merged by line, those of each part its grammar's injections query
 * found, outlined as the language the part names (a component's `<script lang="ts">`), at the
 * file's lines: the part's grammar parses only the part. A part of a language not known to the
 * manifests lists nothing. Undefined when a part's parse or query, or all of them, ran past the budget.
 */
async function withInjections(language: LanguageInfo, text: string, parsed: { definitions: Definition[]; injections: readonly Injection[] }): Promise<Definition[] | undefined> {
  const lists = [parsed.definitions];
  // The parts together are held to one parse's budget, as a file parsed whole is.
  const deadline = performance.now() + PARSE_BUDGET_MS;
  for (const injection of parsed.injections) {
    if (performance.now() > deadline) return undefined;
    const grammar = language.injected?.get(injection.language)?.grammar;
    if (grammar === undefined) continue;
    const part = await treeSitterDefinitions(grammar, { text, skipped: without([0, text.length], [[injection.start, injection.end]]) });
    if (part === undefined) return undefined;
    lists.push(part.definitions);
  }
  return mergedByLine(lists);
}

/** A text's definitions and injections, parsed whole or, where its grammar asks, in parts (see `parts.ts`). */
async function parsedInParts(grammar: GrammarEntry, input: ParseInput): Promise<{ definitions: Definition[]; injections: Injection[] } | undefined> {
  const parts = grammar.parts === undefined ? [] : partsOf(input.text, { lines: grammar.parts.lines, at: new RegExp(grammar.parts.at) });
  if (parts.length <= 1) return treeSitterDefinitions(grammar, input);
  const lists: Definition[][] = [];
  const injections: Injection[] = [];
  for (const part of parts) {
    const parsed = await treeSitterDefinitions(grammar, { text: input.text, skipped: [...input.skipped, ...without([0, input.text.length], [part])] });
    if (parsed === undefined) return undefined;
    lists.push(parsed.definitions);
    injections.push(...parsed.injections);
  }
  return { definitions: mergedByLine(lists), injections };
}

/** Lists of definitions, each in source order and of its own part of a file, as one list in source order (a stable sort keeps each list's). */
function mergedByLine(lists: readonly Definition[][]): Definition[] {
  const filled = lists.filter((list) => list.length > 0);
  return filled.length <= 1 ? (filled[0] ?? []) : filled.flat().sort((a, b) => a.line - b.line);
}

async function definitionsIn(named: LanguageInfo, text: string, onFallback: OnFallback | undefined): Promise<Definition[]> {
  const language = written(named, text);
  switch (language.engine) {
    case 'markdown':
      return markdownHeadings(text);
    case 'keywords':
      return keywordDefinitions(text);
    case 'tree-sitter':
      try {
        // Undefined: the parse or query ran past its budget (a huge or pathological file).
        const parsed = await parsedInParts(language.grammar!, parseInput(text, language));
        const definitions = parsed === undefined || parsed.injections.length === 0 ? parsed?.definitions : await withInjections(language, text, parsed);
        if (definitions !== undefined) return definitions;
      } catch (error) {
        // A grammar that fails to load must not take the tools down: the keyword scanner answers,
        // and stderr says why, once per language.
        reportFailure(`${language.name} grammar`, error);
      }
      onFallback?.();
      return keywordDefinitions(text);
    case 'by-content':
      throw new Error(`${language.name}: a heuristic's rule names a language chosen by content`); // Never made so: see Languages.
  }
}
