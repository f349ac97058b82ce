/**
 * Which definitions `find_symbol` matches, and which files may hold one: exact, case-sensitive
 * matches of the name (or of a qualified name's last segment); failing those, names containing the
 * text in any case. The byte tests run before any parse, so that only files that may hold a match
 * are parsed.
 */
import { lastSegment } from '../definitions/definition.js';
import { mayDefine } from '../definitions/definitionSites.js';
import type { DefinitionSite } from '../definitions/keptDefinitions.js';
import type { LanguageInfo } from '../definitions/languages.js';
import { wholeWordLines } from '../text/wholeWord.js';

export type SymbolMatch = 'exact' | 'containing';

export interface SymbolTest {
  /** False when the file's bytes, in its language, cannot hold a matching definition. */
  readonly mayHold: (bytes: Buffer, language: LanguageInfo) => boolean;
  /** False when no name of a file's definitions (all of them in UTF-8, in one buffer) can match. */
  readonly mayName: (names: Buffer) => boolean;
  readonly matches: (definition: DefinitionSite) => boolean;
}

export function symbolTest(name: string, match: SymbolMatch): SymbolTest {
  if (match === 'exact') {
    // A definition's name (or its last segment) stands in its file as a whole word, where its language lets a definition's.
    const word = lastSegment(name);
    return {
      // A name of words (a test's description, from a string) matches only whole: no language's test of code reads it.
      mayHold: /\s/.test(name) ? (bytes) => !wholeWordLines(bytes, word).next().done : (bytes, language) => mayDefine(language, bytes, word),
      mayName: namesEndingIn(word),
      matches: (definition) => isExactMatch(definition, name),
    };
  }
  const lower = name.toLowerCase();
  const containing = mayContainIgnoringCase(lower);
  return {
    mayHold: containing,
    mayName: containing,
    matches: (definition) => definition.name.toLowerCase().includes(lower),
  };
}

/**
 * A name matches itself, and a qualified name (`Type.Method`, `Foo::bar`, googletest's
 * `Suite.Name`) also matches its last segment; a heading or a test's description in words
 * (`handles a.b`) is no qualified name.
 */
function isExactMatch(definition: DefinitionSite, name: string): boolean {
  if (definition.name === name) return true;
  return !isProse(definition) && lastSegment(definition.name) === name;
}

function isProse({ kind, name }: DefinitionSite): boolean {
  return kind === 'heading' || ((kind === 'test' || kind === 'suite') && /\s/.test(name));
}

/**
 * Whether a file's names (each followed by a NUL) may hold one that is `word`, or ends in it after a
 * `.` or `:` (a qualified name's last segment): `word` followed by a NUL, and at a name's start or
 * after one of those. Where a name holds `word` only inside a longer word (`print` for `int`), it
 * cannot match exactly, and its file's definitions need not be read.
 */
function namesEndingIn(word: string): (names: Buffer) => boolean {
  const needle = Buffer.from(`${word}\0`, 'utf8');
  const SEPARATORS = new Set([0, 0x2e, 0x3a]);
  return (names) => {
    for (let at = names.indexOf(needle); at >= 0; at = names.indexOf(needle, at + 1)) {
      if (at === 0 || SEPARATORS.has(names[at - 1]!)) return true;
    }
    return false;
  };
}

/**
 * Whether a file's bytes may contain the text in any case. An ASCII text is looked for byte by byte
 * (both cases of its first letter, then the rest compared case-blind), so that no file is decoded.
 */
function mayContainIgnoringCase(lower: string): (bytes: Buffer) => boolean {
  if (!/^[\x00-\x7f]*$/.test(lower)) return (bytes) => bytes.toString('utf8').toLowerCase().includes(lower);
  const needle = Buffer.from(lower, 'latin1');
  const firsts = [...new Set([lower[0]!, lower[0]!.toUpperCase()])].map((c) => c.charCodeAt(0));
  const matchesAt = (bytes: Buffer, at: number) => {
    for (let i = 1; i < needle.length; i++) if ((bytes[at + i]! | 0x20) !== needle[i] && bytes[at + i] !== needle[i]) return false;
    return at + needle.length <= bytes.length;
  };
  return (bytes) =>
    firsts.some((first) => {
      for (let at = bytes.indexOf(first); at >= 0; at = bytes.indexOf(first, at + 1)) if (matchesAt(bytes, at)) return true;
      return false;
    });
}
