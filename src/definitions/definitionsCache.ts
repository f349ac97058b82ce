/**
 * Definitions of searched files, made on first use and kept per file version, up to a bound on how
 * many entries are held (the least recently used files are dropped first).
 */
import type { SearchableFile } from '../project/searchable.js';
import { stripByteOrderMark } from '../text/lines.js';
import type { Definition } from './definition.js';
import { definitionsOf } from './engine.js';
import type { Languages } from './languages.js';

type Definitions = Definition[] | undefined;

interface Cached {
  readonly version: string;
  readonly definitions: Promise<Definitions>;
  size: number;
}

export class DefinitionsCache {
  private readonly cached = new Map<string, Cached>();
  private held = 0;

  /** `maxHeld` bounds the definitions kept, over all files: enough for a large monorepo's hot files. */
  constructor(
    private readonly languages: Languages,
    private readonly maxHeld: number,
  ) {}

  /** The definitions of a searched file, made once per version of its contents. */
  of(file: SearchableFile): Promise<Definitions> {
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
      entry.size = definitions?.length ?? 0;
      this.held += entry.size;
      this.evict();
    }, () => this.forget(file.relative, entry));
    return entry.definitions;
  }

  /** Forgets the files not in `relatives`. */
  keepOnly(relatives: ReadonlySet<string>): void {
    for (const [relative, entry] of this.cached) if (!relatives.has(relative)) this.forget(relative, entry);
  }

  private async make(file: SearchableFile): Promise<Definitions> {
    const definitions = await definitionsOf(this.languages, file.relative, stripByteOrderMark(file.bytes.toString('utf8')));
    return definitions?.map((definition) => ({ ...definition, name: detached(definition.name) }));
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

/**
 * A copy of a string that holds nothing else: a name cut from a file's text by slicing would keep the
 * whole text alive for as long as the definition is cached. (V8 flattens the concatenation into a
 * new string before slicing it.)
 */
function detached(text: string): string {
  return (' ' + text).slice(1);
}
