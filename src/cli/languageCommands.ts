/** Commands for contributors: `zumba languages` (who serves what, and what it lists) and `zumba tree <file>` (a syntax tree to write queries against). */
import { capturedKinds } from '../definitions/captures.js';
import { SCANNED_KINDS } from '../definitions/keywordScanner.js';
import { written, type LanguageInfo, type Languages } from '../definitions/languages.js';
import type { Project } from '../session/project.js';
import { resolveProjectPath } from '../project/paths.js';
import { readSourceText } from '../tools/outline.js';
import { loadGrammar, syntaxTree } from '../definitions/treeSitter.js';
import { parseInput } from '../definitions/parseInput.js';
import { ToolError } from '../tools/toolError.js';

/**
 * `zumba languages`: each language (or each of those named), its engine, file types and the kinds of
 * entry it lists; and the problems found loading their grammars (every query compiled takes some 2 s).
 */
export async function languagesReport(languages: Languages, named: readonly string[] = []): Promise<{ table: string; problems: string[] }> {
  const problems: string[] = [];
  const rows: string[][] = [];
  const shown = named.length === 0 ? languages.all : languages.all.filter((language) => named.includes(language.name));
  for (const language of [...shown].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    rows.push([language.name, language.engine, language.fileTypes.map(shownFileType).join(' '), await lists(language, problems)]);
  }
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  const table = rows.map((row) => row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ').trimEnd()).join('\n');
  return { table, problems };
}

/** A file name (`Makefile`, `CMakeLists.txt`: capitals or a dot) as written; an ending with its dot (`.rs`). */
const shownFileType = (type: string) => (/[A-Z.]/.test(type) ? type : `.${type}`);

/**
 * What a language's outlines list: the kinds its query captures (loading its grammar, whose failure is
 * a problem and leaves the language to the keyword scanner), or its scanner's. A function inside a
 * class, struct, trait, … is shown as a method: that kind is not repeated here.
 */
async function lists(language: LanguageInfo, problems: string[]): Promise<string> {
  switch (language.engine) {
    case 'markdown':
      return 'heading';
    case 'keywords':
      return `${SCANNED_KINDS.join(' ')} (lines that begin with a keyword)`;
    case 'by-content':
      return `as ${[...new Set([...language.byContent!.rules.map((rule) => rule.language.name), language.byContent!.otherwise.name])].join(' or ')}, as the text shows`;
    case 'tree-sitter':
      try {
        const kinds = capturedKinds((await loadGrammar(language.grammar!)).outline.captureNames).join(' ');
        if (language.grammar!.data === true) return `${kinds} (data: find_symbol lists none)`;
        if (language.injected === undefined) return kinds;
        return `${kinds === '' ? '' : `${kinds}, and `}the entries of its parts in other languages (a <script> block's)`;
      } catch (error) {
        problems.push(`${language.name}: ${error instanceof Error ? error.message : String(error)}`);
        return 'the keyword scanner\'s (its grammar does not load)';
      }
  }
}

export async function treeOf(project: Project, requested: string): Promise<string> {
  const file = resolveProjectPath(project, requested);
  const named = project.languages.of(file.relative);
  const text = readSourceText(file.absolute, file.relative);
  const language = named === undefined ? undefined : written(named, text);
  if (language?.grammar === undefined) {
    throw new ToolError(`${file.relative} has no tree-sitter grammar (${language === undefined ? 'unknown language' : `${language.name}: ${language.engine}`}).`);
  }
  return syntaxTree(language.grammar, parseInput(text, language));
}
