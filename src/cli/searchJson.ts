/** `zumba find-symbol --json` and `zumba find-references --json`: every result as a JSON line (see jsonLines.ts), none when there is none. */
import type { Project } from '../session/project.js';
import { enclosingDefinitions } from '../tools/enclosing.js';
import { referenceHits } from '../tools/findReferences.js';
import { resultDefinition, resultFile, symbolResults } from '../tools/findSymbol.js';
import type { FileOutline } from '../tools/outline.js';
import { findTool } from '../tools/registry.js';
import { isRefusal } from '../tools/toolError.js';
import { referenceLine, symbolLine } from './jsonLines.js';
import { progressLine } from './progressLine.js';
import { checkedArguments } from './runTool.js';

export function findSymbolJson(project: Project, args: Record<string, unknown>): Promise<number> {
  const { name } = checkedArguments(findTool('find_symbol')!, args) as { name: string };
  return printLines(async (progress) => {
    const { match, hits } = await symbolResults(project, name, Number.POSITIVE_INFINITY, { progress });
    // Each result's file read again (through the index) for the range and depth the search does not keep.
    const files = new Map<string, Promise<FileOutline | undefined>>();
    const lines: string[] = [];
    for (const hit of hits) {
      if (!files.has(hit.relative)) files.set(hit.relative, resultFile(project, hit.relative));
      const file = await files.get(hit.relative)!;
      lines.push(symbolLine(hit.relative, match, hit.definition, file === undefined ? undefined : resultDefinition(file.definitions, hit.definition)));
    }
    return lines;
  });
}

export function findReferencesJson(project: Project, args: Record<string, unknown>): Promise<number> {
  const { name, path, enclosing } = checkedArguments(findTool('find_references')!, args) as { name: string; path?: string; enclosing?: boolean };
  return printLines(async (progress) => {
    const hits = await referenceHits(project, { name, path }, Number.POSITIVE_INFINITY, { progress });
    if (enclosing !== true) return hits.map((hit) => referenceLine(hit));
    const holders = await enclosingDefinitions(project, hits);
    return hits.map((hit, i) => referenceLine(hit, holders[i] ?? null));
  });
}

/** Prints the lines the search makes, a progress line on stderr meanwhile when it is a terminal; a refusal goes to stderr, exit 1. */
async function printLines(search: (progress: ((done: number, total: number) => void) | undefined) => Promise<string[]>): Promise<number> {
  const line = progressLine('searching', { keep: false });
  try {
    const lines = await search(line?.show);
    line?.end();
    if (lines.length > 0 && !process.stdout.write(lines.join('\n') + '\n')) await new Promise((resolve) => process.stdout.once('drain', resolve));
    return 0;
  } catch (error) {
    line?.end();
    if (!isRefusal(error)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
}
