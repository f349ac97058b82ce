/** The outline of one large file, made on a thread of its own: see `isolatedOutline.ts`. */
import { parentPort, workerData } from 'node:worker_threads';
import { outlineDefinitionsHere } from './engine.js';
import type { IsolatedOutline } from './isolatedOutline.js';
import { Languages } from './languages.js';
import type { ManifestEntries } from './manifest.js';

export interface OutlineWorkerData {
  /** The session's manifests, as the main thread read them. */
  readonly languages: ManifestEntries;
  readonly file: string;
  readonly text: string;
}

const { languages, file, text } = workerData as OutlineWorkerData;
let fellBack = false;
const definitions = await outlineDefinitionsHere(new Languages(languages), file, text, () => (fellBack = true));
parentPort!.postMessage({ definitions, fellBack } satisfies IsolatedOutline);
