/** What changed from an expected text to an actual one, as a unified diff: expected `-`, actual `+` (jsdiff's). */
import { createTwoFilesPatch } from 'diff';

/** A diff that takes longer than this (two long texts with little in common) gives up: the first differing line is said instead. */
const DIFF_TIMEOUT_MS = 5000;

/** The diff of two texts, each read as lines ended by a newline; '' when they are the same. */
export function unifiedDiff(expectedName: string, actualName: string, expected: string, actual: string): string {
  if (expected === actual) return '';
  const [before, after] = [expected, actual].map((text) => (text === '' || text.endsWith('\n') ? text : `${text}\n`)) as [string, string];
  const patch = createTwoFilesPatch(expectedName, actualName, before, after, undefined, undefined, { context: 3, timeout: DIFF_TIMEOUT_MS });
  // jsdiff starts with a line of `=` (a header of its own); a unified diff starts at `---`.
  if (patch !== undefined) return patch.slice(patch.indexOf('---'));
  return `--- ${expectedName}\n+++ ${actualName}\n(too different to diff line by line; the first difference is at line ${firstDifferentLine(before, after)})\n`;
}

function firstDifferentLine(a: string, b: string): number {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return a.slice(0, at).split('\n').length;
}
