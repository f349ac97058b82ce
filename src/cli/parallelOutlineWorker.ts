/**
 * A worker of `parallelOutlines.ts`: the outline tool's answer for each file it is given, made as the
 * tool makes it, through this thread's own handle on the index.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { Languages } from '../definitions/languages.js';
import type { ManifestEntries } from '../definitions/manifest.js';
import { openIndexStore, type IndexSettings } from '../index/index.js';
import type { IndexChanges } from '../index/store.js';
import { indexedDefinitions } from '../index/indexedOutlines.js';
import type { Answer } from '../tools/answer.js';
import type { OutlineSource } from '../tools/outline.js';
import { outlineAnswer, type OutlineFormat } from './outlineAnswer.js';

export interface OutlineWorkerData {
  readonly root: string;
  readonly realRoot: string;
  /** The session's manifests, as the main thread read them. */
  readonly languages: ManifestEntries;
  /** Undefined: no index on disk. */
  readonly index: IndexSettings | undefined;
  readonly format: OutlineFormat;
}

export type ToOutlineWorker = { readonly type: 'outline'; readonly id: number; readonly paths: readonly string[] } | { readonly type: 'stop' };

export type FromOutlineWorker = { readonly id: number; readonly answers: readonly Answer[] } | { readonly warning: string };

const { root, realRoot, languages: entries, index, format } = workerData as OutlineWorkerData;
const port = parentPort!;
const store = openIndexStore(index, realRoot, (warning) => port.postMessage({ warning } satisfies FromOutlineWorker));
const languages = new Languages(entries);
/** What a batch's outlines record, written in one transaction when the batch is done: one a file cost more than a small file's parse. */
let held: IndexChanges = { words: [], definitions: [] };
const heldWrites = {
  definitions: (content: Buffer, language: Buffer) => store.definitions(content, language),
  write: (changes: IndexChanges) => {
    held.words.push(...changes.words);
    held.definitions.push(...changes.definitions);
  },
};
const source: OutlineSource = { root, realRoot, languages, definitions: (relative, bytes, make) => indexedDefinitions(heldWrites, languages, relative, bytes, make) };

/** Batches are answered one after another, in the order they came. */
let previous: Promise<void> = Promise.resolve();

port.on('message', (message: ToOutlineWorker) => {
  if (message.type === 'stop') {
    store.close();
    process.exit(0);
  }
  previous = previous.then(async () => {
    const answers: Answer[] = [];
    for (const path of message.paths) answers.push(await outlineAnswer(source, path, format));
    if (held.words.length + held.definitions.length > 0) store.write(held);
    held = { words: [], definitions: [] };
    port.postMessage({ id: message.id, answers } satisfies FromOutlineWorker);
  });
});
