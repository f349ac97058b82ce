/**
 * Whether a file may define a name: by its language's own test of where a definition's name may
 * stand (the manifest's `definition-sites`: `src/languages/c/definitionSites.ts`), else wherever the
 * name is a whole word. find_symbol parses no file where this is false.
 *
 * A language's test reads code; but where a grammar cannot read a region, the keyword scanner does
 * (recovery.ts), and it may take a declaration from any line of it, a comment's too. So a line
 * that the keyword scanner reads as declaring the name keeps the file, whatever the language says,
 * but a line whose reading the outline leaves out there (C's `struct task_struct;`).
 */
import { cDefinitionSites, type LineOfName } from '../languages/c/definitionSites.js';
import { isForwardDeclaration } from '../languages/c/forwardDeclarations.js';
import { wholeWordLineTexts } from '../text/wholeWord.js';
import { lastSegment } from './definition.js';
import { keywordDefinitions } from './keywordScanner.js';
import { writtenAs, type LanguageInfo } from './languages.js';
import type { SiteRules } from './manifest.js';

export function mayDefine(language: LanguageInfo, bytes: Buffer, word: string): boolean {
  return definitionSites(language, bytes)(word);
}

/** A file's test of each name asked of it: whether the file may define it (what the test learns of the file kept for the next name). */
export function definitionSites(language: LanguageInfo, bytes: Buffer): (word: string) => boolean {
  let languageTest: { readonly test: LanguageTest | undefined } | undefined;
  return (word) => {
    const found = wholeWordLineTexts(bytes, word);
    const first = found.next();
    if (first.done === true) return false;
    languageTest ??= { test: languageTestOf(language, bytes) };
    const test = languageTest.test;
    if (test === undefined) return true;
    // The lines holding the word, found once for both tests.
    const lines = [first.value, ...found];
    return test.mayDefine(word, lines) || lines.some(({ text }) => test.leftOutOfRecovery?.(text) !== true && scannedAsDeclaring(text, word));
  };
}

/** A language's test of whether a file may define a word, given the file's lines that hold it. */
interface LanguageTest {
  readonly mayDefine: (word: string, lines: readonly LineOfName[]) => boolean;
  /** Whether the outline leaves out what the keyword scanner reads on a line, where a region does not parse (see `recovery.ts`). */
  readonly leftOutOfRecovery: ((line: string) => boolean) | undefined;
}

/**
 * The lines whose keyword scanner's reading the outline leaves out, where a region does not parse
 * (see `recovery.ts`), by a language's rules of where a definition may stand: the outline and this
 * test must leave out the same.
 */
export function leftOutOfRecovery(rules: SiteRules | undefined): ((line: string) => boolean) | undefined {
  switch (rules) {
    case 'c':
      return isForwardDeclaration;
    case undefined:
      return undefined;
  }
}

/** The file's language's test; undefined for a language with none (a definition may be wherever the word is). */
function languageTestOf(language: LanguageInfo, bytes: Buffer): LanguageTest | undefined {
  let text: string | undefined;
  const decoded = () => (text ??= bytes.toString('utf8'));
  // A file type of several languages (`.h`) is tested as the language its text is written in.
  const rules = writtenAs(language, decoded, (some) => some.grammar?.definitionSites);
  switch (rules) {
    case 'c':
      return { mayDefine: cDefinitionSites(bytes, decoded), leftOutOfRecovery: leftOutOfRecovery(rules) };
    case undefined:
      return undefined;
  }
}

/** Whether the keyword scanner reads a line holding the word as a declaration of it. */
function scannedAsDeclaring(line: string, word: string): boolean {
  return keywordDefinitions(line).some((definition) => lastSegment(definition.name) === word);
}
