/**
 * The text of each query file, read once a thread. The query compiled from it and the index key of
 * its language (`languageKey`) are both made from this text, so that a query file edited while a
 * server runs cannot have outlines made by one version kept in the index under the key of the other.
 */
import { readFileSync } from 'node:fs';

const sources = new Map<string, string>();

export function querySource(file: string): string {
  let source = sources.get(file);
  if (source === undefined) {
    source = readFileSync(file, 'utf8');
    sources.set(file, source);
  }
  return source;
}
