/**
 * The outline of a large file, made in a worker thread that ends with it. A parse takes memory in
 * proportion to the file (some 40 bytes a byte of source), and WebAssembly memory, once grown, is
 * never given back: parsed on the main thread, one 6 MB file would keep the server 200 MB larger
 * for the rest of its life. One such worker at a time, so that many large outlines at once do not
 * take that memory each.
 */
import { Worker } from 'node:worker_threads';
import type { Definition } from './definition.js';
import type { Languages } from './languages.js';
import type { OutlineWorkerData } from './outlineWorker.js';

const OUTLINE_WORKER = new URL('./outlineWorker.js', import.meta.url);

/** A large file's definitions, and whether a stand-in made them (see OnFallback in the engine). */
export interface IsolatedOutline {
  readonly definitions: Definition[];
  readonly fellBack: boolean;
}

/** The last outline begun: each waits for the one before. */
let previous: Promise<unknown> = Promise.resolve();

export function outlineInWorker(languages: Languages, file: string, text: string): Promise<IsolatedOutline> {
  const outline = previous.then(() => runWorker({ languages: languages.entries, file, text }));
  previous = outline.catch(() => {});
  return outline;
}

function runWorker(data: OutlineWorkerData): Promise<IsolatedOutline> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(OUTLINE_WORKER, { workerData: data });
    worker.once('message', resolve);
    worker.once('error', reject);
    // After the answer, a no-op; before it, the worker died without one.
    worker.once('exit', (code) => reject(new Error(`the outline worker exited with code ${code}`)));
  });
}
