/**
 * Golden cases, as this repository and a query pack keep them: every source file in a folder sits
 * beside `<file>.outline`, its expected outline, written by reading the source; beside some,
 * `<file>.ranges`, the expected outline with ranges (`outline {ranges: true}`). A source file
 * without its expectation fails. `zumba test` and this repository's own tests run them alike.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { written } from '../definitions/languages.js';
import { loadGrammar } from '../definitions/treeSitter.js';
import { answerOf } from '../tools/answer.js';
import { outline, type OutlineSource } from '../tools/outline.js';

/** Where a pack keeps its cases, one folder a language: `<pack>/test/fixtures/outline/<language>/`. */
export const CASES_FOLDER = path.join('test', 'fixtures', 'outline');

export interface GoldenCase {
  /** Path relative to the fixture folder, with `/`. */
  readonly relative: string;
  readonly absolute: string;
  readonly expected: string | undefined;
  /** The expected outline with ranges, where the case has one. */
  readonly expectedRanges: string | undefined;
}

const EXPECTATION = '.outline';
const RANGES_EXPECTATION = '.ranges';

export function goldenCases(folder: string): GoldenCase[] {
  return listFiles(folder)
    .filter((relative) => !relative.endsWith(EXPECTATION) && !relative.endsWith(RANGES_EXPECTATION))
    .map((relative) => {
      const absolute = path.join(folder, relative);
      return { relative, absolute, expected: expectation(absolute + EXPECTATION), expectedRanges: expectation(absolute + RANGES_EXPECTATION) };
    });
}

/** One expectation of a case beside what the outline is now; `expected` undefined when its file is missing. */
export interface Check {
  /** The expectation's file, relative to the fixture folder. */
  readonly expectation: string;
  readonly expected: string | undefined;
  readonly actual: string;
}

export interface CaseResult {
  readonly golden: GoldenCase;
  /** The outline, and the outline with ranges where the case expects one. */
  readonly checks: readonly Check[];
  /** Why the case could not run (its language's grammar or query does not load), if it could not. */
  readonly problem?: string;
}

/** Runs a case as `outline` answers it for a project of the fixture folder, in that project's languages. */
export async function runCase(project: OutlineSource, golden: GoldenCase): Promise<CaseResult> {
  const problem = await grammarProblem(project, golden);
  if (problem !== undefined) return { golden, checks: [], problem };
  const checks: Check[] = [{ expectation: golden.relative + EXPECTATION, expected: golden.expected, actual: (await answerOf('outline', () => outline(project, { path: golden.relative }))).text }];
  if (golden.expectedRanges !== undefined) {
    const actual = (await answerOf('outline', () => outline(project, { path: golden.relative, ranges: true }))).text;
    checks.push({ expectation: golden.relative + RANGES_EXPECTATION, expected: golden.expectedRanges, actual });
  }
  return { golden, checks };
}

export function passed(result: CaseResult): boolean {
  return result.problem === undefined && result.checks.every((check) => check.expected === check.actual);
}

/** Writes what the outline is now as each failing expectation of the case (in the fixture folder). */
export function rewriteExpectations(folder: string, result: CaseResult): string[] {
  const rewritten = result.checks.filter((check) => check.expected !== check.actual);
  for (const check of rewritten) writeFileSync(path.join(folder, check.expectation), `${check.actual}\n`);
  return rewritten.map((check) => check.expectation);
}

/**
 * Why the case's language cannot outline it with its own grammar: a grammar that does not load or a
 * query that does not compile would leave the case to the keyword scanner, and its diff would not
 * say why.
 */
async function grammarProblem(project: OutlineSource, golden: GoldenCase): Promise<string | undefined> {
  const language = project.languages.of(golden.relative);
  if (language === undefined) return undefined;
  const grammar = written(language, readFileSync(golden.absolute, 'utf8')).grammar;
  if (grammar === undefined) return undefined;
  try {
    await loadGrammar(grammar);
    return undefined;
  } catch (error) {
    return `${language.name}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function expectation(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').replace(/\n$/, '');
  } catch {
    return undefined;
  }
}

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? listFiles(folder, relative) : [relative];
    });
}
