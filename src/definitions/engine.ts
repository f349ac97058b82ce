/** The definitions engine: one entry point that `outline` and `find_symbol` both use. */
import type { Definition } from './definition.js';
import { keywordDefinitions } from './keywordScanner.js';
import { isProseOrData, languageOf } from './languages.js';
import { markdownHeadings } from './markdownScanner.js';

/**
 * The declarations of a file, in source order with their nesting depth; undefined when the file's
 * language is not known (prose, data, no extension): such a file defines nothing.
 */
export async function definitionsOf(file: string, text: string): Promise<Definition[] | undefined> {
  const language = languageOf(file);
  if (language === undefined) return undefined;
  return language.engine === 'markdown' ? markdownHeadings(text) : keywordDefinitions(text);
}

/**
 * What `outline` shows: a file of no known language that is not prose or data (a script without an
 * extension, a language nobody listed yet) still gets the keyword scanner's best effort.
 */
export async function outlineDefinitions(file: string, text: string): Promise<Definition[]> {
  return (await definitionsOf(file, text)) ?? (isProseOrData(file) ? [] : keywordDefinitions(text));
}
