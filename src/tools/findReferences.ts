/**
 * `find_references {name, path?}`: lines that use a name as a whole word, case-sensitively, in every
 * searched file — a text search, as `rg -w -F -s` would do it.
 */
import { pathFilter } from '../project/pathFilter.js';
import type { ReferenceHit } from '../search/shard.js';
import type { Project } from '../session/project.js';
import type { ToolCall } from './registry.js';

export const MAX_REFERENCE_LINES = 80;

export async function findReferences(project: Project, args: { name: string; path?: string }, call: ToolCall = {}): Promise<string> {
  // One past the cap tells whether there are more.
  const hits = await referenceHits(project, args, MAX_REFERENCE_LINES + 1, call);
  if (hits.length === 0) return `No references to ${args.name}.`;
  const shown = hits.slice(0, MAX_REFERENCE_LINES).map((hit) => `${hit.relative}:${hit.line}: ${hit.text}`);
  if (hits.length > MAX_REFERENCE_LINES) shown.push('… more; narrow it with path');
  return shown.join('\n');
}

/** The first `limit` lines using the name, in path and line order. */
export async function referenceHits(project: Project, args: { name: string; path?: string | undefined }, limit: number, call: ToolCall = {}): Promise<ReferenceHit[]> {
  pathFilter(args.path); // A glob that cannot be compiled is refused here, before any search.
  return project.search.search({ kind: 'references', name: args.name, ...(args.path !== undefined && { path: args.path }) }, limit, call.progress);
}
