/** Ranges of a text's offsets, as the body passes give the parts a parse skips; and a text with ranges blanked. */

/** An offset range of a text, start included, end not. */
export type TextRange = readonly [number, number];

/** `range` less the `holes` (in any order, each within it or not), as ordered ranges; empty ones left out. */
export function without(range: TextRange, holes: readonly TextRange[]): TextRange[] {
  const parts: TextRange[] = [];
  let at = range[0];
  for (const [start, end] of [...holes].sort((a, b) => a[0] - b[0])) {
    if (start > at) parts.push([at, Math.min(start, range[1])]);
    at = Math.max(at, end);
    if (at >= range[1]) break;
  }
  if (at < range[1]) parts.push([at, range[1]]);
  return parts.filter(([start, end]) => end > start);
}

/**
 * Every character of each range replaced by a space (a line break kept), so that offsets, lines and
 * columns stay; ranges in any order, overlapping or not, blank their union.
 */
export function blanked(text: string, blanks: readonly (readonly [number, number])[]): string {
  const parts: string[] = [];
  let at = 0;
  for (const [start, end] of [...blanks].sort((a, b) => a[0] - b[0])) {
    if (end <= at) continue;
    const from = Math.max(start, at);
    parts.push(text.slice(at, from), text.slice(from, end).replace(/[^\r\n]/g, ' '));
    at = end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
