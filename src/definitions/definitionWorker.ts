/** A worker thread that makes definitions: it parses what the main thread sends, so that two files parse at once. */
import { parentPort, workerData } from 'node:worker_threads';
import { definitionsOf } from './engine.js';
import { Languages } from './languages.js';

export interface DefinitionRequest {
  readonly id: number;
  readonly file: string;
  readonly text: string;
}

export type DefinitionReply =
  | { readonly id: number; readonly definitions: Awaited<ReturnType<typeof definitionsOf>> }
  | { readonly id: number; readonly error: string };

const languages = Languages.load((workerData as { extraRoots: string[] }).extraRoots);
const port = parentPort!;

port.on('message', (request: DefinitionRequest) => {
  definitionsOf(languages, request.file, request.text).then(
    (definitions) => port.postMessage({ id: request.id, definitions } satisfies DefinitionReply),
    (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies DefinitionReply),
  );
});
