/** Line handling shared by every tool: `\n` ends a line (as in git and ripgrep); a trailing `\r` is not content. */

const ELLIPSIS = '…';
export const MAX_SHOWN_LINE = 200;

/** Splits text into lines, dropping the `\r` of CRLF endings and the empty piece after a final newline. */
export function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map(stripCarriageReturn);
}

export function stripCarriageReturn(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** A UTF-8 byte-order mark is not text: editors hide it and so do we. */
export function stripByteOrderMark(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Keeps a cut from splitting a surrogate pair. */
function safeIndex(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  return code >= 0xd800 && code <= 0xdbff ? index - 1 : index;
}

/**
 * A lone `\r` does not end a line, but a client may split on it, and a terminal returns the cursor:
 * shown, it is a space (of the same length, so that indices into the line still hold).
 */
function oneLine(line: string): string {
  return line.replaceAll('\r', ' ');
}

/** The trimmed line, its first `limit` characters and `…` when it is longer. */
export function shownLine(line: string, limit = MAX_SHOWN_LINE): string {
  return cut(oneLine(line).trim(), limit);
}

/** The line with its indentation, its first MAX_SHOWN_LINE characters and `…` when it is longer. */
export function shownLineAsWritten(line: string): string {
  return cut(oneLine(line), MAX_SHOWN_LINE);
}

function cut(line: string, limit: number): string {
  return line.length <= limit ? line : line.slice(0, safeIndex(line, limit)) + ELLIPSIS;
}

/**
 * The trimmed line, or when it is longer than MAX_SHOWN_LINE, a window of that many characters
 * around the match at `matchIndex` (an index into the untrimmed line), with `…` where it was cut.
 */
export function shownLineAround(text: string, matchIndex: number): string {
  const line = oneLine(text);
  const leading = line.length - line.trimStart().length;
  const trimmed = line.trim();
  if (trimmed.length <= MAX_SHOWN_LINE) return trimmed;
  const context = Math.floor(MAX_SHOWN_LINE / 4);
  const wanted = Math.max(0, matchIndex - leading - context);
  const start = safeIndex(trimmed, Math.min(wanted, trimmed.length - MAX_SHOWN_LINE));
  const end = safeIndex(trimmed, start + MAX_SHOWN_LINE);
  return (start > 0 ? ELLIPSIS : '') + trimmed.slice(start, end) + (end < trimmed.length ? ELLIPSIS : '');
}

/**
 * Orders project paths as a walk of the tree in name order would (and `rg --sort path` does):
 * component by component, so `a/b` comes before `a-c`.
 */
export function comparePaths(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  const common = Math.min(as.length, bs.length);
  for (let i = 0; i < common; i++) {
    const x = as[i]!;
    const y = bs[i]!;
    if (x !== y) return x < y ? -1 : 1;
  }
  return as.length - bs.length;
}

/** The index of the last of `sorted` (ascending) that is at most `value`; 0 when none is. */
export function lastIndexAtMost(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (sorted[middle]! <= value) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The first index below `length` at which `holds` is true, `length` when none: `holds` must be
 * false for every index before that one and true from it on (a lower bound, found by halves).
 */
export function firstIndexWhere(length: number, holds: (index: number) => boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (holds(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * For each index up to `length`, how many indexes before it `counted` holds for: how many there are
 * between two of them is one subtraction, however often it is asked.
 */
export function countsBefore(length: number, counted: (index: number) => boolean): Int32Array {
  const counts = new Int32Array(length + 1);
  for (let i = 0; i < length; i++) counts[i + 1] = counts[i]! + (counted(i) ? 1 : 0);
  return counts;
}
