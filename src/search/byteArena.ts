/**
 * Room for the small records a shard keeps for the life of a file's version (each version's snapshot
 * entry: see `filesSnapshot.ts`), in shared blocks. A buffer of its own costs some hundred bytes
 * besides its bytes (its ArrayBuffer, its backing store, the allocator's header): on the kernel a
 * worker kept 117,000 of them, some 20 MB. The bytes of a version that is forgotten stay until
 * nothing else in their block is kept: a few kilobytes an edit.
 */
import type { Room } from '../index/filesSnapshot.js';

/** Blocks are this large; a record over an eighth of it gets a buffer of its own. */
const BLOCK_BYTES = 1 << 20;

export class ByteArena {
  private block = Buffer.alloc(0);
  private used = 0;

  /** Room for `size` bytes, given to no other caller: in a shared block, or a buffer of its own when large. */
  room(size: number): Room {
    if (size > BLOCK_BYTES / 8) return { block: Buffer.allocUnsafeSlow(size), at: 0 };
    if (this.used + size > this.block.length) {
      this.block = Buffer.allocUnsafeSlow(BLOCK_BYTES);
      this.used = 0;
    }
    const at = this.used;
    this.used += size;
    return { block: this.block, at };
  }
}
