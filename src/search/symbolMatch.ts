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
import { wholeWordLineTexts } from '../text/wholeWord.js';

export type SymbolMatch = 'exact' | 'containing';

const ASCII = /^[\x00-\x7f]*$/;

export interface SymbolTest {
  /** False when the file's bytes, in its language, cannot hold a matching definition. */
  readonly mayHold: (bytes: Buffer, language: LanguageInfo) => boolean;
  /** False when no name of a file's definitions (all of them in UTF-8, in one buffer) can match. */
  readonly mayName: (names: Buffer) => boolean;
  readonly matches: (definition: DefinitionSite) => boolean;
  /**
   * Of an exact test, where it is told as cheaply as `mayHold` begins: false when the bytes hold the
   * name in no case, so that neither this test nor that of names containing it can match there.
   * Asked before `mayHold`, which then reads only the files that hold the name in some case.
   */
  readonly mayContain?: (bytes: Buffer) => boolean;
}

export function symbolTest(name: string, match: SymbolMatch): SymbolTest {
  if (match === 'exact') {
    // A definition's name (or its last segment) stands in its file as a whole word, where its language lets a definition's.
    const word = lastSegment(name);
    return {
      // A name of words (a test's description, from a string) matches only whole: no language's test of code reads it.
      mayHold: /\s/.test(name) ? (bytes) => !wholeWordLineTexts(bytes, word).next().done : (bytes, language) => mayDefine(language, bytes, word),
      mayName: namesEndingIn(word),
      matches: (definition) => isExactMatch(definition, name),
      // A qualified name's file need not hold the whole of it; in other letters than ASCII's, telling whether one does decodes the file.
      ...(word === name && ASCII.test(name) && { mayContain: mayContainIgnoringCase(name.toLowerCase()) }),
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
 * Whether a file's bytes may contain the text in any case. An ASCII text is looked for byte by byte,
 * so that no file is decoded: by its rarest character in code (both its cases), the text around
 * each place of it then compared case-blind. Its first character had been the one looked for, and
 * a name in no file begun with a common letter (`ext4_fill_super`'s `e`) took four times as long
 * to be passed over in the kernel's C files.
 */
function mayContainIgnoringCase(lower: string): (bytes: Buffer) => boolean {
  if (!ASCII.test(lower)) return (bytes) => bytes.toString('utf8').toLowerCase().includes(lower);
  const needle = Buffer.from(lower, 'latin1');
  let anchor = 0;
  for (let i = 1; i < lower.length; i++) if (rarityInCode(lower[i]!) > rarityInCode(lower[anchor]!)) anchor = i;
  const anchorBytes = [...new Set([lower[anchor]!, lower[anchor]!.toUpperCase()])].map((c) => c.charCodeAt(0));
  const matchesAt = (bytes: Buffer, start: number) => {
    if (start + needle.length > bytes.length) return false;
    for (let i = 0; i < needle.length; i++) if ((bytes[start + i]! | 0x20) !== needle[i] && bytes[start + i] !== needle[i]) return false;
    return true;
  };
  return (bytes) =>
    anchorBytes.some((byte) => {
      for (let at = bytes.indexOf(byte, anchor); at >= 0; at = bytes.indexOf(byte, at + 1)) if (matchesAt(bytes, at - anchor)) return true;
      return false;
    });
}

/** Lowercase letters (and `_`) from the commonest in source code to the rarest. */
const COMMONEST_FIRST = '_etaoinsrlcdupmfhgbywvkxjqz';

/** How rare a character of a lowercase ASCII text is in code: higher is rarer (a rough order, which only speeds the look). */
function rarityInCode(character: string): number {
  const rank = COMMONEST_FIRST.indexOf(character);
  if (rank >= 0) return rank;
  if (character >= '3' && character <= '9') return 20;
  return character >= '0' && character <= '2' ? 12 : 10;
}
