/**
 * A definition's source as `find_symbol {body: true}` shows it: from the declaration's first line
 * (decorators and attributes included) to its last, one line each as `<line number>\t<text>`, the
 * text as written (tabs and indentation kept; a trailing `\r` dropped; as in every tool's lines, a
 * lone `\r` is a space and a line over 200 characters is cut with `…`). What is not shown is said:
 * `… lines N–M not shown`.
 */
import type { Definition } from '../definitions/definition.js';
import { shownLineAsWritten } from '../text/lines.js';

/** A body is cut after this many lines. */
export const MAX_BODY_LINES = 200;

/**
 * The lines of `definition`'s body in `lines` (the file's, split as `splitLines` does), as many as
 * fit in `budget` characters (each line's newline counted) and MAX_BODY_LINES; the note of what was
 * left out is added whatever the budget.
 */
export function bodyLines(lines: readonly string[], definition: Pick<Definition, 'startLine' | 'endLine'>, budget: number): string[] {
  const last = Math.min(definition.endLine, lines.length);
  const shown: string[] = [];
  let spent = 0;
  for (let number = definition.startLine; number <= last && shown.length < MAX_BODY_LINES; number++) {
    const line = `${number}\t${shownLineAsWritten(lines[number - 1]!)}`;
    if (spent + line.length + 1 > budget) break;
    shown.push(line);
    spent += line.length + 1;
  }
  const firstHidden = definition.startLine + shown.length;
  if (firstHidden <= last) shown.push(`… lines ${firstHidden}–${last} not shown`);
  return shown;
}
