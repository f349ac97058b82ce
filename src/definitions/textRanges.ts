/** Ranges of a text's offsets, as the body passes give the parts a parse skips. */

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
