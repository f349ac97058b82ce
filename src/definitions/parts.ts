/**
 * A long file parsed in parts, for a grammar that cannot parse past a number of lines: YAML's
 * scanner counts rows in 16 bits, and from line 32,768 on its parse is one ERROR. The manifest's
 * `parts` says how many lines a part may have, and at which lines one may begin (a pattern a line
 * matches: for YAML, one at the margin that starts a top-level key or document). Each part is
 * parsed alone, at the file's own lines (the rest of the file left out of that parse).
 */
import type { TextRange } from '../text/textRanges.js';

export interface PartRules {
  /** The most lines a part has, where the text has a line to begin the next one at. */
  readonly lines: number;
  /** A line a part may begin at (`^` and `$` at its ends). */
  readonly at: RegExp;
}

/** The parts to parse a text in, in order: the whole text where it has no more lines than a part may. */
export function partsOf(text: string, rules: PartRules): TextRange[] {
  const lineStarts = [0];
  for (let newline = text.indexOf('\n'); newline >= 0 && newline + 1 < text.length; newline = text.indexOf('\n', newline + 1)) lineStarts.push(newline + 1);
  if (lineStarts.length <= rules.lines) return [[0, text.length]];
  const parts: TextRange[] = [];
  let first = 0;
  while (first < lineStarts.length) {
    let next = Math.min(first + rules.lines, lineStarts.length);
    if (next < lineStarts.length) {
      // Back to the last line in reach that a part may begin at; else on to the first after it.
      let at = next;
      while (at > first && !beginsPart(text, lineStarts, at, rules.at)) at--;
      if (at === first) for (at = next; at < lineStarts.length && !beginsPart(text, lineStarts, at, rules.at); at++);
      next = at;
    }
    parts.push([lineStarts[first]!, next < lineStarts.length ? lineStarts[next]! : text.length]);
    first = next;
  }
  return parts;
}

function beginsPart(text: string, lineStarts: readonly number[], line: number, at: RegExp): boolean {
  const start = lineStarts[line]!;
  const end = line + 1 < lineStarts.length ? lineStarts[line + 1]! - 1 : text.length;
  return at.test(text.slice(start, end));
}
