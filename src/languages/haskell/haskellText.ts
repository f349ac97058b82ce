/**
 * Haskell text as tree-sitter-haskell can read it, every offset kept. The grammar reads a CPP
 * conditional's first branch and passes over its later ones (from `#elif` or `#else` to `#endif`)
 * as it does a comment: a function defined in every branch was listed once, and one defined in a
 * later branch only (`#else⏎baz = 4`) not at all, where ctags lists each. So, where a conditional
 * stands between top-level declarations (each branch's first line of code is at the margin), its
 * `#elif` and `#else` lines (with the lines a `\` continues them on) are read as blank, and the
 * grammar reads its branches as declarations in a row. A conditional inside a declaration is left
 * as it is: its branches in a row could be no Haskell at all (`f x =⏎#if X⏎  case x of⏎#else⏎  case
 * y of⏎#endif⏎    A -> 1`).
 */

const OPENS = /^#\s*if(?:n?def)?\b/;
const LATER_BRANCH = /^#\s*(?:elif|else)\b/;
const CLOSES = /^#\s*endif\b/;
const ENDS_CONTINUED = /\\\r?$/;

/** A line that tells nothing of where a branch's code stands: blank, a directive, a comment. */
const isNoCode = (line: string) => /^\s*(?:$|#|--|\{-)/.test(line);

interface Conditional {
  /** The line of each `#elif` and `#else`. */
  readonly laterBranches: number[];
  /** Whether each branch so far begins at the margin (or holds no code). */
  atMargin: boolean;
  /** Whether the branch being read has had its first line of code. */
  codeSeen: boolean;
}

export function haskellText(text: string): string {
  if (!text.includes('#')) return text;
  const lines = text.split('\n');
  const blanked = new Set<number>();
  const open: Conditional[] = [];
  let inDirective = false;
  lines.forEach((line, i) => {
    const inner = open.at(-1);
    // A directive's line a `\` continues: still the directive.
    const continuing = inDirective;
    inDirective = (continuing || line.startsWith('#')) && ENDS_CONTINUED.test(line);
    if (continuing) return;
    if (OPENS.test(line)) open.push({ laterBranches: [], atMargin: true, codeSeen: false });
    else if (inner !== undefined && LATER_BRANCH.test(line)) {
      inner.laterBranches.push(i);
      inner.codeSeen = false;
    } else if (inner !== undefined && CLOSES.test(line)) {
      open.pop();
      if (inner.atMargin) for (const at of inner.laterBranches) for (const each of continued(lines, at)) blanked.add(each);
    } else if (!isNoCode(line)) {
      // The first line of code of a branch of each conditional it is in (one nested in a branch is that branch's code too).
      for (const conditional of open) {
        if (conditional.codeSeen) continue;
        conditional.codeSeen = true;
        conditional.atMargin &&= !/^\s/.test(line);
      }
    }
  });
  if (blanked.size === 0) return text;
  return lines.map((line, i) => (blanked.has(i) ? ' '.repeat(line.length) : line)).join('\n');
}

/** A directive's line and those its trailing `\`s continue it on. */
function* continued(lines: readonly string[], at: number): Generator<number> {
  let i = at;
  yield i;
  while (ENDS_CONTINUED.test(lines[i]!) && i + 1 < lines.length) yield ++i;
}
