/**
 * Whether a file may define a name: by its language's own test of where a definition's name may
 * stand (the manifest's `definition-sites`: `src/languages/c/definitionSites.ts`), else wherever the
 * name is a whole word. find_symbol parses no file where this is false.
 *
 * A language's test reads code; but where a grammar cannot read a region, the keyword scanner does
 * (recovery.ts), and it may take a declaration from any line of it, a comment's too. So a line
 * that the keyword scanner reads as declaring the name keeps the file, whatever the language says.
 */
import { cDefinitionSites } from '../languages/c/definitionSites.js';
import { wholeWordLines } from '../text/wholeWord.js';
import { lastSegment } from './definition.js';
import { keywordDefinitions } from './keywordScanner.js';
import { written, type LanguageInfo } from './languages.js';

export function mayDefine(language: LanguageInfo, bytes: Buffer, word: string): boolean {
  return definitionSites(language, bytes)(word);
}

/** A file's test of each name asked of it: whether the file may define it (what the test learns of the file kept for the next name). */
export function definitionSites(language: LanguageInfo, bytes: Buffer): (word: string) => boolean {
  let languageTest: ((word: string) => boolean) | undefined;
  return (word) => {
    if (wholeWordLines(bytes, word).next().done) return false;
    languageTest ??= languageTestOf(language, bytes);
    return languageTest(word) || scannedAsDeclaring(bytes, word);
  };
}

function languageTestOf(language: LanguageInfo, bytes: Buffer): (word: string) => boolean {
  // A file type of several languages (`.h`) is tested as the language its text is written in.
  const grammar = language.byContent === undefined ? language.grammar : written(language, bytes.toString('utf8')).grammar;
  switch (grammar?.definitionSites) {
    case 'c':
      return cDefinitionSites(bytes);
    case undefined:
      return () => true;
  }
}

/** Whether the keyword scanner reads some line holding the word as a declaration of it. */
function scannedAsDeclaring(bytes: Buffer, word: string): boolean {
  for (const { text } of wholeWordLines(bytes, word)) {
    if (keywordDefinitions(text).some((definition) => lastSegment(definition.name) === word)) return true;
  }
  return false;
}
