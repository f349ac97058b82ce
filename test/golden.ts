/**
 * Golden-file cases: every source file in a fixture folder sits beside `<file>.outline`, its expected
 * outline, written by reading the source. A source file without its expectation fails.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface GoldenCase {
  /** Path relative to the fixture folder, with `/`. */
  readonly relative: string;
  readonly absolute: string;
  readonly expected: string | undefined;
}

const EXPECTATION = '.outline';

export function goldenCases(folder: string): GoldenCase[] {
  return listFiles(folder)
    .filter((relative) => !relative.endsWith(EXPECTATION))
    .map((relative) => {
      const absolute = path.join(folder, relative);
      let expected: string | undefined;
      try {
        expected = readFileSync(absolute + EXPECTATION, 'utf8').replace(/\n$/, '');
      } catch {
        expected = undefined;
      }
      return { relative, absolute, expected };
    });
}

function listFiles(folder: string, prefix = ''): string[] {
  return readdirSync(path.join(folder, prefix), { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((entry) => {
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? listFiles(folder, relative) : [relative];
    });
}
