/**
 * `find_symbol {name}`: where a name is defined — the outline entries of every searched file whose
 * language is known. Exact, case-sensitive matches first; without any, the entries whose name
 * contains the text, ignoring case (see `symbolMatch.ts`).
 */
import type { Project } from '../session/project.js';
import type { ToolCall } from './registry.js';
import type { SymbolHit } from '../search/shard.js';
import type { SymbolMatch } from '../search/symbolMatch.js';
import { shownLine } from '../text/lines.js';

export const MAX_SYMBOL_RESULTS = 40;

export async function findSymbol(project: Project, args: { name: string }, call: ToolCall = {}): Promise<string> {
  const exact = await symbols(project, args.name, 'exact', call, false);
  if (exact.length > 0) return render(exact);
  // The exact pass looked at every file: the second takes them as it found them, not checked again.
  const containing = await symbols(project, args.name, 'containing', call, true);
  if (containing.length === 0) return `No symbol matches ${args.name}.`;
  return ['No exact match; names containing it:', render(containing)].join('\n');
}

/** The matching definitions in path and line order, at most one past the cap (which tells whether there are more). */
function symbols(project: Project, name: string, match: SymbolMatch, call: ToolCall, checked: boolean): Promise<SymbolHit[]> {
  return project.search.search({ kind: 'symbols', name, match, checked }, MAX_SYMBOL_RESULTS + 1, call.progress);
}

function render(hits: readonly SymbolHit[]): string {
  const shown = hits
    .slice(0, MAX_SYMBOL_RESULTS)
    .map((hit) => `${hit.relative}:${hit.definition.line} ${hit.definition.kind} — ${shownLine(hit.source)}`);
  if (hits.length > MAX_SYMBOL_RESULTS) shown.push('… more');
  return shown.join('\n');
}
