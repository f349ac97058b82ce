/** The outline of one large file, made on a thread of its own: see `isolatedOutline.ts`. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Definition } from './definition.js';
import { outlineDefinitionsHere } from './engine.js';
import { Languages } from './languages.js';
import type { GrammarEntry } from './manifest.js';

export interface OutlineWorkerData {
  /** The session's grammars, as the main thread read them. */
  readonly grammars: readonly GrammarEntry[];
  readonly file: string;
  readonly text: string;
}

const { grammars, file, text } = workerData as OutlineWorkerData;
parentPort!.postMessage((await outlineDefinitionsHere(new Languages(grammars), file, text)) satisfies Definition[]);
