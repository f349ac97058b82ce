/**
 * A preprocessor conditional inside a class head, `class QCoreApplication⏎#ifndef QT_NO_QOBJECT⏎
 * : public QObject⏎#endif⏎{` or `class basic_flat_buffer⏎#if ! BOOST_BEAST_DOXYGEN⏎: private …⏎
 * #endif⏎{`, is more than the C and C++ grammars read: the class becomes an error and its members
 * are lost. As ctags does, the first branch is read: the conditional's own lines and its later
 * branches are blanked (every offset kept).
 */
import { blanked, tokenize, wordOf, type Conditional, type Token } from './cText.js';

const HEAD_KEYWORDS = new Set(['class', 'struct', 'union']);
/** How far back a class head's keyword is looked for: heads are short, and a long run without `;`, `{` or `}` is no head. */
const HEAD_TOKENS = 256;

export function withFirstBranchInClassHeads(text: string): string {
  if (!text.includes('#')) return text;
  const conditionals: Conditional[] = [];
  const tokens = tokenize(text, conditionals);
  const blanks: [number, number][] = [];
  for (let i = 0; i < conditionals.length; i++) {
    const opening = conditionals[i]!;
    if (opening.kind !== 'if' || !inClassHead(text, tokens, opening.tokensBefore)) continue;
    const ends = branchesOf(conditionals, i);
    if (ends === undefined) continue; // Never closed: left as it is.
    blanks.push([opening.start, opening.end], [conditionals[ends.laterBranch]!.start, conditionals[ends.endif]!.end]);
    i = ends.endif;
  }
  return blanks.length === 0 ? text : blanked(text, blanks);
}

/** Where the conditional opened at `i` has its second branch (its `#endif` when it has one branch only) and its `#endif`; nested ones are inside. */
function branchesOf(conditionals: readonly Conditional[], i: number): { laterBranch: number; endif: number } | undefined {
  let depth = 0;
  let laterBranch: number | undefined;
  for (let j = i + 1; j < conditionals.length; j++) {
    const kind = conditionals[j]!.kind;
    if (kind === 'if') depth++;
    else if (kind === 'endif' && depth > 0) depth--;
    else if (kind === 'endif') return { laterBranch: laterBranch ?? j, endif: j };
    else if (depth === 0) laterBranch ??= j;
  }
  return undefined;
}

/** Whether the code before the token at `index` is a class head not yet opened: `class`, `struct` or `union` since the last `;`, `{` or `}`. */
function inClassHead(text: string, tokens: readonly Token[], index: number): boolean {
  for (let k = index - 1; k >= Math.max(0, index - HEAD_TOKENS); k--) {
    const word = wordOf(text, tokens[k]!);
    if (word === ';' || word === '{' || word === '}') return false;
    if (HEAD_KEYWORDS.has(word)) return true;
  }
  return false;
}
