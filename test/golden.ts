/**
 * Golden-file cases: every source file in a fixture folder sits beside `<file>.outline`, its expected
 * outline, written by reading the source. A source file without its expectation fails. Beside some,
 * `<file>.ranges` is the expected outline with ranges (`outline {ranges: true}`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface GoldenCase {
  /** Path relative to the fixture folder, with `/`. */
  readonly relative: string;
  readonly absolute: string;
  readonly expected: string | undefined;
  /** The expected outline with ranges, where the case has one. */
  readonly expectedRanges: string | undefined;
}

const EXPECTATION = '.outline';
const RANGES_EXPECTATION = '.ranges';

export function goldenCases(folder: string): GoldenCase[] {
  return listFiles(folder)
    .filter((relative) => !relative.endsWith(EXPECTATION) && !relative.endsWith(RANGES_EXPECTATION))
    .map((relative) => {
      const absolute = path.join(folder, relative);
      return { relative, absolute, expected: expectation(absolute + EXPECTATION), expectedRanges: expectation(absolute + RANGES_EXPECTATION) };
    });
}

function expectation(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').replace(/\n$/, '');
  } catch {
    return undefined;
  }
}

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? listFiles(folder, relative) : [relative];
    });
}
