/**
 * Definitions of searched files, made on first use and kept per file version in a compact form, up
 * to a bound on how many are held (the least recently used files are dropped first).
 */
import type { SearchableFile } from '../project/searchable.js';
import { stripByteOrderMark } from '../text/lines.js';
import { KINDS, type Definition, type Kind } from './definition.js';
import { definitionsOf } from './engine.js';
import type { Languages } from './languages.js';

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
  const linesAndKinds = new Int32Array(definitions.length);
  definitions.forEach((definition, i) => {
    linesAndKinds[i] = (definition.line << KIND_BITS) | KINDS.indexOf(definition.kind);
  });
  return { names: definitions.map((definition) => `${definition.name}\0`).join(''), linesAndKinds };
}

export function* definitionSites(kept: KeptDefinitions): Generator<DefinitionSite> {
  let start = 0;
  for (const packed of kept.linesAndKinds) {
    const end = kept.names.indexOf('\0', start);
    yield { line: packed >>> KIND_BITS, kind: KINDS[packed & ((1 << KIND_BITS) - 1)] as Kind, name: kept.names.slice(start, end) };
    start = end + 1;
  }
}

interface Cached {
  readonly version: string;
  readonly definitions: Promise<KeptDefinitions | undefined>;
  size: number;
}

export class DefinitionsCache {
  private readonly cached = new Map<string, Cached>();
  private held = 0;

  /** `maxHeld` bounds the definitions kept, over all files. */
  constructor(
    private readonly languages: Languages,
    private readonly maxHeld: number,
  ) {}

  /** The definitions of a searched file, made once per version of its contents; undefined when its language is not known. */
  of(file: SearchableFile): Promise<KeptDefinitions | undefined> {
    const known = this.cached.get(file.relative);
    if (known !== undefined && known.version === file.version) {
      this.cached.delete(file.relative); // Re-inserted: the map's order is the order of use.
      this.cached.set(file.relative, known);
      return known.definitions;
    }
    if (known !== undefined) this.forget(file.relative, known);
    const entry: Cached = { version: file.version, definitions: this.make(file), size: 0 };
    this.cached.set(file.relative, entry);
    void entry.definitions.then((definitions) => {
      if (this.cached.get(file.relative) !== entry) return;
      entry.size = definitions?.linesAndKinds.length ?? 0;
      this.held += entry.size;
      this.evict();
    }, () => this.forget(file.relative, entry));
    return entry.definitions;
  }

  /** Forgets the files not in `relatives`. */
  keepOnly(relatives: ReadonlySet<string>): void {
    for (const [relative, entry] of this.cached) if (!relatives.has(relative)) this.forget(relative, entry);
  }

  private async make(file: SearchableFile): Promise<KeptDefinitions | undefined> {
    const definitions = await definitionsOf(this.languages, file.relative, stripByteOrderMark(file.bytes.toString('utf8')));
    return definitions === undefined ? undefined : keepDefinitions(definitions);
  }

  private forget(relative: string, entry: Cached): void {
    if (this.cached.get(relative) === entry) this.cached.delete(relative);
    this.held -= entry.size;
    entry.size = 0;
  }

  private evict(): void {
    for (const [relative, entry] of this.cached) {
      if (this.held <= this.maxHeld) return;
      this.forget(relative, entry);
    }
  }
}
