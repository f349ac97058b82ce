/**
 * Outlines through the index: a file's definitions are taken from the index when it holds them for
 * the file's content and language (as searches record them), and recorded there when they are made.
 */
import type { Definition } from '../definitions/definition.js';
import type { OnFallback } from '../definitions/engine.js';
import type { Languages } from '../definitions/languages.js';
import { contentKey } from './contentKey.js';
import { decodeDefinitions, encodeDefinitions } from './definitionsRecord.js';
import { languageKey } from './languageKey.js';
import type { IndexStore } from './store.js';

/** Makes the definitions, telling `onFallback` when they are not to be kept (see the engine). */
export type MakeDefinitions = (onFallback: OnFallback) => Promise<Definition[]>;

/**
 * The definitions of a file of these bytes: the index's, or `make`'s (recorded for next time, unless
 * a fallback made them). A file of no known language (which only `outline` reads, with the keyword
 * scanner) is not recorded.
 */
export async function indexedDefinitions(store: Pick<IndexStore, 'definitions' | 'write'>, languages: Languages, relative: string, bytes: Buffer, make: MakeDefinitions): Promise<Definition[]> {
  const language = languages.of(relative);
  if (language === undefined) return make(() => {});
  const content = contentKey(bytes);
  const key = languageKey(language);
  const record = store.definitions(content, key);
  const recorded = record === undefined ? undefined : decodeDefinitions(record);
  if (recorded !== undefined) return recorded;
  let fallback = false;
  const made = await make(() => (fallback = true));
  if (!fallback) store.write({ words: [], definitions: [{ content, language: key, payload: encodeDefinitions(made) }] });
  return made;
}
