/**
 * `find_references {name, path?, enclosing?}`: lines that use a name as a whole word,
 * case-sensitively, in every searched file — a text search, as `rg -w -F -s` would do it; with
 * `enclosing`, the same lines under the definition that holds each (enclosing.ts).
 */
import type { Definition } from '../definitions/definition.js';
import { pathFilter } from '../project/pathFilter.js';
import type { ReferenceHit } from '../search/shard.js';
import type { Project } from '../session/project.js';
import { enclosingDefinitions, holderHeading } from './enclosing.js';
import type { ToolCall } from './toolCall.js';

export const MAX_REFERENCE_LINES = 80;

export async function findReferences(project: Project, args: { name: string; path?: string; enclosing?: boolean }, call: ToolCall = {}): Promise<string> {
  // One past the cap tells whether there are more.
  const hits = await referenceHits(project, args, MAX_REFERENCE_LINES + 1, call);
  if (hits.length === 0) return `No references to ${args.name}.`;
  const listed = hits.slice(0, MAX_REFERENCE_LINES);
  const shown = args.enclosing === true ? underHolders(listed, await enclosingDefinitions(project, listed)) : listed.map((hit) => `${hit.relative}:${hit.line}: ${hit.text}`);
  if (hits.length > MAX_REFERENCE_LINES) shown.push('… more; narrow it with path');
  return shown.join('\n');
}

/** Each hit's line under the heading of what holds it, a heading written again where the holder changes. */
function underHolders(hits: readonly ReferenceHit[], holders: readonly (Definition | undefined)[]): string[] {
  const lines: string[] = [];
  let previous: string | undefined;
  hits.forEach((hit, i) => {
    const heading = holderHeading(hit.relative, holders[i]);
    if (heading !== previous) lines.push(heading);
    previous = heading;
    lines.push(`  ${hit.line}: ${hit.text}`);
  });
  return lines;
}

/** The first `limit` lines using the name, in path and line order. */
export async function referenceHits(project: Project, args: { name: string; path?: string | undefined }, limit: number, call: ToolCall = {}): Promise<ReferenceHit[]> {
  pathFilter(args.path); // A glob that cannot be compiled is refused here, before any search.
  return project.search.search({ kind: 'references', name: args.name, ...(args.path !== undefined && { path: args.path }) }, limit, call.progress);
}
