/** Commands for contributors: `zumba languages` (who serves what) and `zumba tree <file>` (a syntax tree to write queries against). */
import { written, type Languages } from '../definitions/languages.js';
import type { Project } from '../session/project.js';
import { resolveProjectPath } from '../project/paths.js';
import { readSourceText } from '../tools/outline.js';
import { loadGrammar, syntaxTree } from '../definitions/treeSitter.js';
import { parseInput } from '../definitions/parseInput.js';
import { ToolError } from '../tools/toolError.js';

export function languagesTable(languages: Languages): string {
  const rows = [...languages.all]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((language) => [language.name, language.engine, language.fileTypes.map((t) => (t.includes('.') ? t : `.${t}`)).join(' ')]);
  const widths = [0, 1].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows.map((row) => `${row[0]!.padEnd(widths[0]!)}  ${row[1]!.padEnd(widths[1]!)}  ${row[2]}`).join('\n');
}

/** Loads every grammar and compiles every query: the problems, one line each (none when all is well). */
export async function languageProblems(languages: Languages): Promise<string[]> {
  const problems: string[] = [];
  for (const language of languages.all) {
    if (language.grammar === undefined) continue;
    try {
      await loadGrammar(language.grammar);
    } catch (error) {
      problems.push(`${language.name}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return problems;
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
