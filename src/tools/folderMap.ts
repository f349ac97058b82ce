/**
 * `outline {path}` of a folder (`.` or `""` for the whole project): a map of it, the files under it
 * in the order of how much the rest of the code uses their definitions, each with its most used
 * definitions, within a budget of tokens; leaning, with `focus`, toward the names and paths the
 * agent works on. The ranking is in `src/map/`; the words each file uses are counted by the search's
 * shards, through the index.
 */
import { statSync } from 'node:fs';
import { outlineLine, type Definition } from '../definitions/definition.js';
import path from 'node:path';
import { wordHash, wordsOf } from '../index/wordFilter.js';
import type { Focus, Ranking } from '../map/rank.js';
import { BYTES_PER_TOKEN, fitMap, mapText, type FittedMap, type MapFile } from '../map/render.js';
import { linkedWord } from '../map/weights.js';
import { readSearchable } from '../project/searchable.js';
import { resolveProjectPath } from '../project/paths.js';
import type { WalkedFile } from '../project/walker.js';
import type { Project } from '../session/project.js';
import { fileOutline, outline } from './outline.js';
import type { ToolCall } from './toolCall.js';
import { isRefusal, ToolError } from './toolError.js';

export const DEFAULT_MAP_BUDGET = 2048;
/** A map's budget: at least a few lines, at most what a client takes in one answer (Claude Code: 25,000 tokens). */
export const MIN_MAP_BUDGET = 32;
export const MAX_MAP_BUDGET = 20_000;
/** The files of a focused folder whose words count as near it, at most (in walk order). */
const MAX_FOCUS_FILES = 1000;

export interface MapArguments {
  readonly path: string;
  readonly budget?: number | undefined;
  readonly focus?: readonly string[] | undefined;
  readonly ranges?: boolean | undefined;
}

/** `outline`: a file's outline, or a folder's map. */
export function outlineOrMap(project: Project, args: MapArguments, call: ToolCall = {}): Promise<string> {
  return isFolder(project, args.path) ? folderMapText(project, args, call) : outline(project, args);
}

/** Whether `outline` of this path is a map: a folder of the project. */
export function isFolder(project: Project, given: string): boolean {
  return folderOf(project, given) !== undefined;
}

async function folderMapText(project: Project, args: MapArguments, call: ToolCall): Promise<string> {
  const map = await folderMap(project, args, call);
  return typeof map === 'string' ? map : mapText(map, args.ranges === true);
}

/** The map of the folder `args.path` names; or, where there is nothing to map, the sentence that says so. */
export async function folderMap(project: Project, args: MapArguments, call: ToolCall = {}): Promise<FittedMap | string> {
  const folder = folderOf(project, args.path);
  if (folder === undefined) throw new ToolError(`${args.path} is not a folder.`);
  const given = args.focus ?? [];
  const { walked, ranking } = await project.ranking.rank(given.length === 0 ? undefined : (walked) => focusOf(project, walked, given), call.progress);
  const prefix = folder === '' ? '' : `${folder}/`;
  const inFolder = ranking.ranked().filter((order) => walked[order]!.relative.startsWith(prefix));
  const shown = folder === '' ? '.' : folder;
  if (inFolder.length === 0) return `No files under ${shown}.`;
  const budget = args.budget ?? DEFAULT_MAP_BUDGET;
  const bytes = budget * BYTES_PER_TOKEN;
  // A file shown takes two bytes at least: its path and a newline.
  const files = await mapFiles(project, walked, inFolder.slice(0, Math.ceil(bytes / 2)), ranking, bytes);
  return fitMap(files, inFolder.length, { bytes, ranges: args.ranges === true }) ?? `A budget of ${budget} tokens holds no map of ${shown}; raise it.`;
}

/**
 * The folder a path names, relative to the project (`''` for the project itself); undefined for
 * anything else (a file, or a path `outline` refuses, which it then says why).
 */
function folderOf(project: Project, given: string): string | undefined {
  if (given === '' || given === '.' || given === './') return '';
  let resolved;
  try {
    resolved = resolveProjectPath(project, given);
  } catch {
    return undefined; // The outline of a file says what is wrong with the path.
  }
  if (!statSync(resolved.absolute, { throwIfNoEntry: false })?.isDirectory()) return undefined;
  return walkRelative(project, resolved.absolute);
}

/** A real path inside the project as the walk names its files: from the real root, with `/`. */
function walkRelative(project: Project, real: string): string {
  return path.relative(project.realRoot, real).split(path.sep).join('/');
}

/**
 * The files the map may show, in rank order, with their definitions where it may show some. The
 * files shown with definitions are the first in rank order that have one that scores (see
 * `fitMap`), each taking its path's line and one entry's at least: once those of the files read
 * fill the budget, the files after them are listed without their definitions (the map may show
 * them as bare paths), and not read.
 */
async function mapFiles(project: Project, walked: readonly WalkedFile[], ranked: Uint32Array, ranking: Ranking, bytes: number): Promise<MapFile[]> {
  const files: MapFile[] = [];
  let room = bytes;
  for (const order of ranked) {
    const relative = walked[order]!.relative;
    const rank = ranking.fileRanks[order]!;
    if (rank === 0 || room <= 0) {
      files.push({ relative, rank, definitions: [], scores: [] });
      continue;
    }
    const definitions = await project.ranking.outlines.get(path.join(project.realRoot, relative), () => definitionsOf(project, relative));
    const scores = ranking.scoresOf(definitions, order);
    const shortest = definitions.reduce((least, d, i) => (scores[i]! > 0 ? Math.min(least, Buffer.byteLength(outlineLine(d, false, 1), 'utf8')) : least), Infinity);
    if (Number.isFinite(shortest)) room -= Buffer.byteLength(relative, 'utf8') + shortest + 2;
    files.push({ relative, rank, definitions, scores });
  }
  return files;
}

/** A file's outline entries; none where it cannot be outlined now (gone, binary, too large). */
async function definitionsOf(project: Project, relative: string): Promise<readonly Definition[]> {
  try {
    return (await fileOutline(project, relative)).definitions;
  } catch (error) {
    if (isRefusal(error)) return [];
    throw error;
  }
}

/**
 * What the map leans toward. A focus is a path (one with `/`, or one that names a file or folder of
 * the project) or a name; a path's files and the names they use, and the names given, rank higher.
 */
function focusOf(project: Project, walked: readonly WalkedFile[], given: readonly string[]): Focus {
  const words = new Set<number>();
  const prefixes: string[] = [];
  for (const focus of given) {
    const asPath = focusPath(project, focus);
    if (asPath !== undefined) {
      prefixes.push(asPath);
      continue;
    }
    const word = linkedWord(focus);
    if (word === undefined) throw new ToolError(`focus: ${focus} is neither a path in the project nor a name.`);
    words.add(wordHash(word));
  }
  const isFocused = (relative: string) => prefixes.some((prefix) => prefix === '' || relative === prefix || relative.startsWith(`${prefix}/`));
  const focused = walked.map((file) => isFocused(file.relative));
  let read = 0;
  for (let order = 0; order < walked.length && read < MAX_FOCUS_FILES; order++) {
    if (!focused[order]) continue;
    read++;
    for (const hash of usedWords(project, walked[order]!.relative)) words.add(hash);
  }
  return { words, file: (order) => focused[order] === true };
}

/** The project-relative path a focus names, where it names one; a focus with `/` that names none is refused. */
function focusPath(project: Project, focus: string): string | undefined {
  try {
    return walkRelative(project, resolveProjectPath(project, focus).absolute);
  } catch (error) {
    if (focus.includes('/')) throw new ToolError(`focus: ${(error as Error).message}`);
    return undefined;
  }
}

/** The words a file of the walk uses, read as a search reads it (not through a link); none where it has nothing to search. */
function usedWords(project: Project, relative: string): Uint32Array {
  const bytes = readSearchable(path.join(project.realRoot, relative))?.bytes;
  return bytes === undefined ? new Uint32Array(0) : wordsOf(bytes).hashes;
}
