/**
 * The documentation's own links: every relative link in the README, CONTRIBUTING.md and the pages
 * under docs/ names a file of the repository, and a `#part` of a Markdown page names one of its
 * headings (as GitHub makes their anchors). The README stays a five-minute read.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { repoRoot } from './helpers.js';

const README_MAX_LINES = 250;
const pages = ['README.md', 'CONTRIBUTING.md', ...readdirSync(path.join(repoRoot, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** The page's lines outside fenced code. */
function prose(text: string): string[] {
  let fenced = false;
  return text.split('\n').filter((line) => {
    if (line.startsWith('```')) fenced = !fenced;
    return !fenced && !line.startsWith('```');
  });
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(page: string): Set<string> {
  return new Set(prose(readFileSync(page, 'utf8')).flatMap((line) => /^#{1,6}\s+(.*)$/.exec(line)?.[1] ?? []).map(anchorOf));
}

/** The page's relative link targets, as written. */
function linksOf(page: string): string[] {
  const text = prose(readFileSync(path.join(repoRoot, page), 'utf8')).join('\n').replace(/`[^`\n]*`/g, (code) => (code.includes('](') ? '' : code));
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/.test(target));
}

describe('documentation', () => {
  test(`the README is at most ${README_MAX_LINES} lines`, () => {
    const lines = readFileSync(path.join(repoRoot, 'README.md'), 'utf8').split('\n').length - 1;
    assert.ok(lines <= README_MAX_LINES, `README.md has ${lines} lines`);
  });

  for (const page of pages) {
    test(`${page}: every relative link resolves`, () => {
      const broken = linksOf(page).filter((target) => {
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? path.join(repoRoot, page) : path.resolve(path.dirname(path.join(repoRoot, page)), file);
        if (!existsSync(resolved)) return true;
        return anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor);
      });
      assert.deepEqual(broken, []);
    });
  }
});
