/**
 * The README's client configurations, as a user copies them: a fenced block found by what it holds
 * (not by the heading above it, which may move), with its placeholders filled in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './helpers.js';

interface Fenced {
  readonly language: string;
  readonly text: string;
}

/** The fenced code blocks of a Markdown text, in order (fences at the start of a line). */
function fencedBlocks(markdown: string): Fenced[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({ language: match[1]!, text: match[2]! }));
}

/** The README's first block of this language holding `marker`, with the project's path in. */
export function readmeSnippet(language: string, marker: string, project: string): string {
  const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const block = fencedBlocks(readme).find((fenced) => fenced.language === language && fenced.text.includes(marker));
  if (block === undefined) throw new Error(`the README has no ${language} block holding ${marker}`);
  return block.text.replaceAll('/path/to/project', project);
}
