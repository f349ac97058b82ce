/**
 * Preprocessor conditionals the C and C++ grammars cannot read, read as their first branch, as ctags
 * does: the conditional's own lines and its later branches are blanked (every offset kept). Such a
 * conditional turned the class or function around it into an error, its members lost:
 * - one in the middle of a declaration or statement, as in a class head (`class QCoreApplication⏎
 *   #ifndef QT_NO_QOBJECT⏎: public QObject⏎#endif⏎{`) or a condition (`if (a == b⏎#ifdef X⏎&& c⏎
 *   #endif⏎) {`, in every class protobuf generates);
 * - one whose first branch opens or closes more blocks than it ends (`#ifdef X⏎if (a) {⏎#else⏎
 *   if (b) {⏎#endif`): two `{` for one `}`.
 * A conditional between declarations or statements whose branches are whole (the kernel's
 * `#ifdef CONFIG_X⏎extern void f(void);⏎#else⏎static inline void f(void) {}⏎#endif`) is the
 * grammars' own: every branch is read. The `#define` and `#undef` lines of a blanked branch stay:
 * a macro is defined whichever branch holds it.
 */
import { wordOf, type Conditional, type Token } from './cText.js';
import { without, type TextRange } from '../../text/textRanges.js';

/** What ends a declaration or statement, or opens or closes a block: a conditional after one stands between them. */
const BETWEEN = new Set([';', '{', '}']);
/** Words before a `:` that make it a label, after which a conditional stands between statements or members. */
const LABELS = new Set(['public', 'private', 'protected', 'default']);

/** The ranges to blank: the lines and later branches of the conditionals the grammars cannot read. */
export function firstBranchBlanks(text: string, tokens: readonly Token[], conditionals: readonly Conditional[]): TextRange[] {
  if (conditionals.length === 0) return [];
  const depths = blockDepths(text, tokens);
  const branches = branchesOfAll(conditionals);
  const blanks: TextRange[] = [];
  /**
   * The later branches blanked that do not end before the conditional at hand: a conditional inside
   * one is gone with it (one in a first branch is not). Those left are as many as the conditionals
   * the one at hand is nested in, at most.
   */
  let goneRegions: { readonly from: number; readonly until: number }[] = [];
  conditionals.forEach((opening, i) => {
    if (opening.kind !== 'if') return;
    goneRegions = goneRegions.filter((region) => region.until > opening.start);
    if (goneRegions.some((region) => opening.start >= region.from)) return;
    const ends = branches.get(i);
    if (ends === undefined) return; // Never closed: left as it is.
    const later = conditionals[ends.laterBranch]!;
    // Blocks a first branch leaves open or closes matter where another branch stands for it (with
    // one branch, its blocks are the file's whatever is blanked).
    const unbalanced = later.kind !== 'endif' && depths[later.tokensBefore] !== depths[opening.tokensBefore];
    if (!unbalanced && !midway(text, tokens, opening.tokensBefore)) return;
    const gone = { from: later.start, until: conditionals[ends.endif]!.end };
    goneRegions.push(gone);
    const kept = macroLines(conditionals, ends.laterBranch, ends.endif).map((line): TextRange => [line.start, line.end]);
    blanks.push([opening.start, opening.end], ...without([gone.from, gone.until], kept));
  });
  return blanks;
}

interface Branches {
  /** Its second branch's line (its `#endif` when it has one branch only). */
  readonly laterBranch: number;
  readonly endif: number;
}

/**
 * For each conditional that is closed, by the index of its `#if`: where its second branch begins and
 * where it ends, nested ones inside. Found in one pass (a look forward for each `#if` would cost the
 * square of a file's nested conditionals).
 */
function branchesOfAll(conditionals: readonly Conditional[]): Map<number, Branches> {
  const found = new Map<number, Branches>();
  const open: { readonly at: number; laterBranch: number | undefined }[] = [];
  conditionals.forEach((line, j) => {
    if (line.kind === 'if') open.push({ at: j, laterBranch: undefined });
    else if (line.kind === 'endif') {
      const closed = open.pop();
      if (closed !== undefined) found.set(closed.at, { laterBranch: closed.laterBranch ?? j, endif: j });
    } else if (line.kind !== 'define' && open.length > 0) open[open.length - 1]!.laterBranch ??= j;
  });
  return found;
}

/** The `#define` and `#undef` lines between two of the conditionals. */
function macroLines(conditionals: readonly Conditional[], from: number, to: number): Conditional[] {
  return conditionals.slice(from + 1, to).filter((line) => line.kind === 'define');
}

/** For each count of tokens read, how many blocks are open then (`{` less `}`): a branch's blocks are the difference at its ends. */
function blockDepths(text: string, tokens: readonly Token[]): Int32Array {
  const depths = new Int32Array(tokens.length + 1);
  tokens.forEach((token, i) => {
    const c = text[token.start];
    depths[i + 1] = depths[i]! + (c === '{' ? 1 : c === '}' ? -1 : 0);
  });
  return depths;
}

/** Whether the token at `index` is in the middle of a declaration or statement: not the first of one. */
function midway(text: string, tokens: readonly Token[], index: number): boolean {
  const before = tokens[index - 1];
  if (before === undefined) return false;
  const word = wordOf(text, before);
  if (BETWEEN.has(word)) return false;
  if (word !== ':') return true;
  // `public:`, `default:`, `out:` (a label first on its line) end nothing midway.
  const labelled = tokens[index - 2];
  return labelled === undefined ? false : !(LABELS.has(wordOf(text, labelled)) || (labelled.word && labelled.first));
}
