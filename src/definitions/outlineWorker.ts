/** The outline of one large file, made on a thread of its own: see `isolatedOutline.ts`. */
import { parentPort, workerData } from 'node:worker_threads';
import type { Definition } from './definition.js';
import { outlineDefinitionsHere } from './engine.js';
import { Languages } from './languages.js';
import type { ManifestEntries } from './manifest.js';

export interface OutlineWorkerData {
  /** The session's manifests, as the main thread read them. */
  readonly languages: ManifestEntries;
  readonly file: string;
  readonly text: string;
}

const { languages, file, text } = workerData as OutlineWorkerData;
parentPort!.postMessage((await outlineDefinitionsHere(new Languages(languages), file, text)) satisfies Definition[]);
