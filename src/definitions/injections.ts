/**
 * Code of one language inside a file of another: a Vue or Svelte component's `<script>` blocks.
 * A grammar's injections query (`queries/<name>/injections.scm`, tree-sitter's own convention)
 * captures each such part as `@injection.content`, and names its language with the text of an
 * `@injection.language` capture (`lang="ts"` → `ts`) or with `(#set! injection.language "…")`.
 * Where several patterns capture the same part, the first pattern wins: put the one that reads a
 * `lang` attribute before the default. The engine outlines each part as its language, at the
 * file's own lines (`engine.ts`).
 */
import type { Query, QueryMatch } from 'web-tree-sitter';

/** A part of a file in another language: its language as the file names it, and its offsets (UTF-16). */
export interface Injection {
  readonly language: string;
  readonly start: number;
  readonly end: number;
}

const CAPTURES = new Set(['injection.content', 'injection.language']);

/** What is wrong with an injections query: captures outside the convention, predicates the engine does not apply. */
export function injectionProblems(query: Query): string[] {
  const problems = query.captureNames
    .filter((name) => !name.startsWith('_') && !CAPTURES.has(name))
    .map((name) => `@${name}: an injections query captures @injection.content, @injection.language or @_helper`);
  for (let pattern = 0; pattern < query.patternCount(); pattern++) {
    for (const { operator } of query.predicatesForPattern(pattern)) problems.push(`unknown predicate #${operator}`);
  }
  return problems;
}

/** The parts in other languages that an injections query's matches capture, in source order. */
export function injectionsOf(matches: readonly QueryMatch[]): Injection[] {
  const byNode = new Map<number, { patternIndex: number; injection: Injection }>();
  for (const match of matches) {
    const content = match.captures.find((capture) => capture.name === 'injection.content')?.node;
    const language = match.captures.find((capture) => capture.name === 'injection.language')?.node.text ?? match.setProperties?.['injection.language'];
    if (content === undefined || language === undefined || language === null || content.endIndex <= content.startIndex) continue;
    const previous = byNode.get(content.id);
    if (previous === undefined || match.patternIndex < previous.patternIndex) {
      byNode.set(content.id, { patternIndex: match.patternIndex, injection: { language: language.trim().toLowerCase(), start: content.startIndex, end: content.endIndex } });
    }
  }
  return [...byNode.values()].map((entry) => entry.injection).sort((a, b) => a.start - b.start);
}
