/**
 * What a grammar is given of a file: its text after the pre-parse (C and C++ macros read as spaces,
 * see `src/languages/c/macroNoise.ts`; what Makefile, SQL and SCSS grammars misread, `make/makeText.ts`,
 * `sql/sqlText.ts`, `scss/scssText.ts`; the later branches of Haskell's CPP conditionals,
 * `haskell/haskellText.ts`), and the ranges of it the parse skips (function bodies, see
 * `c/cBodies.ts`, `go/goBodies.ts` and `rust/rustBodies.ts` there), as the language's manifest entry asks.
 */
import { skippedInC } from '../languages/c/cBodies.js';
import { skippedInGo } from '../languages/go/goBodies.js';
import { skippedInRust } from '../languages/rust/rustBodies.js';
import type { LanguageInfo } from './languages.js';
import { cTokens, withoutMacros } from '../languages/c/macroNoise.js';
import { haskellText } from '../languages/haskell/haskellText.js';
import { makeText } from '../languages/make/makeText.js';
import { scssText } from '../languages/scss/scssText.js';
import { sqlText } from '../languages/sql/sqlText.js';
import type { TextRange } from '../text/textRanges.js';

export interface ParseInput {
  readonly text: string;
  /** Ordered ranges of `text` the parse leaves out; nodes keep the offsets, lines and columns of `text`. */
  readonly skipped: readonly TextRange[];
}

/** What the grammar of `language` (a language a file is written in, not one chosen by content) parses of `text`. */
export function parseInput(text: string, language: LanguageInfo): ParseInput {
  switch (language.grammar?.bodies) {
    case 'go':
      return { text, skipped: skippedInGo(text) };
    case 'rust':
      return { text, skipped: skippedInRust(text) };
    case 'c': {
      // Bodies first: the macro pass then reads only what the parse will.
      const read = cTokens(text, language.macros);
      const skipped = skippedInC(read.text, read.tokens, read.directives, language.macros);
      return { text: language.macros === undefined ? read.text : withoutMacros(read, language.macros, skipped), skipped };
    }
    case undefined:
      if (language.grammar?.text === 'make') return { text: makeText(text), skipped: [] };
      if (language.grammar?.text === 'sql') return { text: sqlText(text), skipped: [] };
      if (language.grammar?.text === 'haskell') return { text: haskellText(text), skipped: [] };
      if (language.grammar?.text === 'scss') return { text: scssText(text), skipped: [] };
      return { text: language.macros === undefined ? text : withoutMacros(cTokens(text, language.macros), language.macros, []), skipped: [] };
  }
}
