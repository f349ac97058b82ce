/**
 * `--json` on outline, find-symbol and find-references: JSON Lines, one object a result, for tools
 * (ctags' and rg's JSON output serve the same). The fields are documented in docs/commands.md ("JSON
 * output") and keep their names: a tool reads them by name.
 */
import type { Definition } from '../definitions/definition.js';
import type { ReferenceHit } from '../search/shard.js';
import type { SymbolMatch } from '../search/symbolMatch.js';

/** An outline entry: where it is, what it is, how deep it nests. */
export function definitionLine(path: string, definition: Definition): string {
  return JSON.stringify({ path, ...entryOf(definition) });
}

/**
 * A find-symbol result: an outline entry, and whether its name is the one asked for or contains it.
 * Its range and depth are left out where its file no longer holds it (changed since the search).
 */
export function symbolLine(path: string, match: SymbolMatch, site: Pick<Definition, 'line' | 'kind' | 'name'>, definition: Definition | undefined): string {
  const { line, kind, name } = site;
  return JSON.stringify(definition === undefined ? { path, line, kind, name, match } : { path, line, startLine: definition.startLine, endLine: definition.endLine, kind, name, depth: definition.depth, match });
}

/**
 * A find-references result: the line as the text output shows it (trimmed, cut around the name when
 * long); with `--enclosing`, the outline entry holding it, null at file level.
 */
export function referenceLine(hit: ReferenceHit, holder?: Definition | null): string {
  const { relative: path, line, text } = hit;
  if (holder === undefined) return JSON.stringify({ path, line, text });
  return JSON.stringify({ path, line, text, enclosing: holder === null ? null : entryOf(holder) });
}

/** An outline entry's fields, in the order the JSON lines write them (and no other a definition may carry). */
export function entryOf({ line, startLine, endLine, kind, name, depth }: Definition): Definition {
  return { line, startLine, endLine, kind, name, depth };
}
