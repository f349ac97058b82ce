/** Definitions as a search keeps them in memory: compact, and without what find_symbol does not need. */
import { KINDS, type Definition, type Kind } from './definition.js';

/** What find_symbol needs of a definition: no nesting depth. */
export type DefinitionSite = Pick<Definition, 'line' | 'kind' | 'name'>;

/**
 * A file's definitions as they are kept: every name followed by a NUL (a searched file holds none)
 * in one string, and each definition's line and kind packed in one number. A few bytes a
 * definition, where objects took hundreds; and a text not in `names` is in no definition's name.
 */
export interface KeptDefinitions {
  readonly names: string;
  readonly linesAndKinds: Int32Array;
}

const KIND_BITS = 5;

export function keepDefinitions(definitions: readonly Definition[]): KeptDefinitions {
  return keptDefinitions(
    definitions.map((definition) => `${definition.name}\0`).join(''),
    definitions.map((definition) => definition.line),
    definitions.map((definition) => KINDS.indexOf(definition.kind)),
  );
}

/** Kept definitions from their names (each followed by a NUL), lines and kinds (indices into KINDS). */
export function keptDefinitions(names: string, lines: readonly number[], kinds: readonly number[]): KeptDefinitions {
  const linesAndKinds = new Int32Array(lines.length);
  lines.forEach((line, i) => {
    linesAndKinds[i] = (line << KIND_BITS) | kinds[i]!;
  });
  return { names, linesAndKinds };
}

export function* definitionSites(kept: KeptDefinitions): Generator<DefinitionSite> {
  let start = 0;
  for (const packed of kept.linesAndKinds) {
    const end = kept.names.indexOf('\0', start);
    yield { line: packed >>> KIND_BITS, kind: KINDS[packed & ((1 << KIND_BITS) - 1)] as Kind, name: kept.names.slice(start, end) };
    start = end + 1;
  }
}
