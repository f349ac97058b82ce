/**
 * `find_symbol {name, body?}`: where a name is defined — the outline entries of every searched file
 * whose language is known, and with `body` the source of the first few. Exact, case-sensitive
 * matches first; without any, the entries whose name contains the text, ignoring case (see
 * `symbolMatch.ts`).
 */
import type { Definition } from '../definitions/definition.js';
import type { DefinitionSite } from '../definitions/keptDefinitions.js';
import type { SymbolHit } from '../search/shard.js';
import type { SymbolMatch } from '../search/symbolMatch.js';
import type { Project } from '../session/project.js';
import { shownLine, splitLines } from '../text/lines.js';
import { bodyLines } from './definitionBody.js';
import { fileOutline, type FileOutline } from './outline.js';
import type { ToolCall } from './toolCall.js';
import { isRefusal } from './toolError.js';

export const MAX_SYMBOL_RESULTS = 40;
/** With `body`, the bodies of this many results at most. */
export const MAX_BODIES = 10;
/**
 * With `body`, the answer stops growing here (in characters): about the largest answer
 * find_references gives (80 lines of 200 characters, with their paths).
 */
export const MAX_BODY_ANSWER = 20_000;

export async function findSymbol(project: Project, args: { name: string; body?: boolean | undefined }, call: ToolCall = {}): Promise<string> {
  // One past the cap tells whether there are more.
  const { match, hits } = await symbolResults(project, args.name, MAX_SYMBOL_RESULTS + 1, call);
  if (hits.length === 0) return `No symbol matches ${args.name}.`;
  const shown = args.body === true ? await renderWithBodies(project, hits) : renderHits(hits).join('\n');
  return match === 'exact' ? shown : ['No exact match; names containing it:', shown].join('\n');
}

/** The first `limit` matching definitions in path and line order: the exact matches, or where there are none, the names containing the text. */
export async function symbolResults(project: Project, name: string, limit: number, call: ToolCall = {}): Promise<{ match: SymbolMatch; hits: SymbolHit[] }> {
  const exact = await symbols(project, name, 'exact', limit, call, false);
  if (exact.length > 0) return { match: 'exact', hits: exact };
  // The exact pass looked at every file: the second takes them as it found them, not checked again.
  return { match: 'containing', hits: await symbols(project, name, 'containing', limit, secondPass(call), true) };
}

/** The second pass's progress goes on from the first's end, every file counted twice: MCP's progress only grows. */
function secondPass(call: ToolCall): ToolCall {
  const progress = call.progress;
  return progress === undefined ? call : { ...call, progress: (done, total) => progress(total + done, 2 * total) };
}

function symbols(project: Project, name: string, match: SymbolMatch, limit: number, call: ToolCall, checked: boolean): Promise<SymbolHit[]> {
  return project.search.search({ kind: 'symbols', name, match, checked }, limit, call.progress);
}

/** One line a result, and `… more` past the cap. */
function renderHits(hits: readonly SymbolHit[]): string[] {
  const shown = hits
    .slice(0, MAX_SYMBOL_RESULTS)
    .map((hit) => `${hit.relative}:${hit.definition.line} ${hit.definition.kind} — ${shownLine(hit.source)}`);
  if (hits.length > MAX_SYMBOL_RESULTS) shown.push('… more');
  return shown;
}

/** A result's file as its body is read from it: its lines and definitions. */
interface BodySource {
  readonly lines: readonly string[];
  readonly definitions: readonly Definition[];
}

/** Each result line, the first MAX_BODIES followed by their bodies, in what is left of MAX_BODY_ANSWER after the result lines. */
async function renderWithBodies(project: Project, hits: readonly SymbolHit[]): Promise<string> {
  const lines = renderHits(hits);
  let budget = MAX_BODY_ANSWER - lines.reduce((sum, line) => sum + line.length + 1, 0);
  // Read once a file: several results (a function and a method of one name) may share one.
  const sources = new Map<string, Promise<BodySource | undefined>>();
  const answer: string[] = [];
  for (const [index, line] of lines.entries()) {
    answer.push(line);
    const hit = index < MAX_BODIES ? hits[index] : undefined;
    if (hit === undefined) continue;
    if (!sources.has(hit.relative)) sources.set(hit.relative, bodySource(project, hit.relative));
    const body = bodyOf(await sources.get(hit.relative)!, hit, Math.max(0, budget));
    budget -= body.reduce((sum, bodyLine) => sum + bodyLine.length + 1, 0);
    answer.push(...body);
  }
  return answer.join('\n');
}

/** A result's file read again; undefined when it can no longer be read. */
async function bodySource(project: Project, relative: string): Promise<BodySource | undefined> {
  const file = await resultFile(project, relative);
  return file === undefined ? undefined : { lines: splitLines(file.text()), definitions: file.definitions };
}

/** A search result's file read again (through the index); undefined when it can no longer be outlined. */
export async function resultFile(project: Project, relative: string): Promise<FileOutline | undefined> {
  try {
    return await fileOutline(project, relative);
  } catch (error) {
    if (isRefusal(error)) return undefined; // Gone or changed into something unreadable since the search.
    throw error;
  }
}

/** The definition a result names, in its file's definitions; undefined when the file no longer holds it. */
export function resultDefinition(definitions: readonly Definition[], site: DefinitionSite): Definition | undefined {
  return definitions.find((d) => d.line === site.line && d.kind === site.kind && d.name === site.name);
}

/** The body of a result's definition; none when its file no longer holds it. */
function bodyOf(source: BodySource | undefined, hit: SymbolHit, budget: number): string[] {
  if (source === undefined) return [];
  const definition = resultDefinition(source.definitions, hit.definition);
  return definition === undefined ? [] : bodyLines(source.lines, definition, budget);
}
