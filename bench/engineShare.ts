/**
 * A worker of the bench's "engine alone": makes the definitions of its share of a tree's files with
 * the definitions engine, as one of `zumba index`'s workers does, and posts how long the engine took
 * (ms, reading the files not counted).
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { definitionsOf } from '../src/definitions/engine.js';
import { loadLanguages } from '../src/definitions/manifest.js';
import { readSearchable, searchBuffer } from '../src/project/searchable.js';
import { stripByteOrderMark } from '../src/text/lines.js';

export interface EngineShare {
  readonly tree: string;
  /** The share's files, relative to the tree, each of a language the engine defines. */
  readonly relatives: readonly string[];
}

const { tree, relatives } = workerData as EngineShare;
const languages = loadLanguages();
const scratch = searchBuffer();
let ms = 0;
for (const relative of relatives) {
  const bytes = readSearchable(path.join(tree, relative), scratch)?.bytes;
  if (bytes === undefined) continue;
  const text = stripByteOrderMark(bytes.toString('utf8'));
  const start = performance.now();
  await definitionsOf(languages, relative, text);
  ms += performance.now() - start;
}
parentPort!.postMessage(ms);
