/**
 * The outlines a map read, kept for the next map by the version of each file (its stamp: inode,
 * times, size, taken before the read): a map of the kernel's root reads some two hundred files,
 * which took 0.1 s of each warm map, against a stat each. A file changed too recently to be told
 * from its next version by its times is never kept (see `stampOfStats`).
 */
import type { Definition } from '../definitions/definition.js';
import { stampOf } from '../project/files.js';

/** The files kept at most: the most a map of the largest budget reads, and some. */
const MAX_HELD = 2000;

export class HeldOutlines {
  /** By absolute path, least recently used first. */
  private readonly held = new Map<string, { readonly stamp: string; readonly definitions: readonly Definition[] }>();

  async get(absolute: string, read: () => Promise<readonly Definition[]>): Promise<readonly Definition[]> {
    const stamp = stampOf(absolute, { followLinks: false });
    const kept = this.held.get(absolute);
    this.held.delete(absolute);
    if (kept !== undefined && kept.stamp === stamp) {
      this.held.set(absolute, kept);
      return kept.definitions;
    }
    const definitions = await read();
    if (stamp !== '' && !stamp.startsWith('recent:')) {
      this.held.set(absolute, { stamp, definitions });
      for (const oldest of this.held.keys()) {
        if (this.held.size <= MAX_HELD) break;
        this.held.delete(oldest);
      }
    }
    return definitions;
  }
}
