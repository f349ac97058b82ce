/**
 * The definition that holds a line: the innermost outline entry whose lines (its decorators to its
 * last token, as `outline {ranges}` knows them) include it. `find_references {enclosing}` shows each
 * reference under it.
 */
import type { Definition } from '../definitions/definition.js';
import type { ReferenceHit } from '../search/shard.js';
import type { Project } from '../session/project.js';
import { resultFile } from './findSymbol.js';

/** For each hit, the definition holding its line; undefined at file level, or where its file can no longer be outlined. */
export async function enclosingDefinitions(project: Project, hits: readonly ReferenceHit[]): Promise<(Definition | undefined)[]> {
  // Outlined once a file (through the index), whatever number of its lines the hits name.
  const outlines = new Map<string, Promise<readonly Definition[]>>();
  const holders: (Definition | undefined)[] = [];
  for (const hit of hits) {
    if (!outlines.has(hit.relative)) outlines.set(hit.relative, resultFile(project, hit.relative).then((file) => file?.definitions ?? []));
    holders.push(innermostHolding(await outlines.get(hit.relative)!, hit.line));
  }
  return holders;
}

/** The deepest of the definitions (in source order, as an outline lists them) whose lines include `line`. */
export function innermostHolding(definitions: readonly Definition[], line: number): Definition | undefined {
  let holder: Definition | undefined;
  for (const definition of definitions) {
    if (definition.startLine > line) break;
    if (line <= definition.endLine && (holder === undefined || definition.depth > holder.depth)) holder = definition;
  }
  return holder;
}

/** How `find_references {enclosing}` names a holder, as `outline {ranges}` prints it: `path:12-40 method Type.name`. */
export function holderHeading(relative: string, holder: Definition | undefined): string {
  return holder === undefined ? relative : `${relative}:${holder.line}-${holder.endLine} ${holder.kind} ${holder.name}`;
}
