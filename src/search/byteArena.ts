/**
 * Small byte strings a shard keeps for the life of a file's version (content keys, word filters,
 * defined names), copied into shared blocks and kept as views of them. A buffer of its own costs
 * some hundred bytes besides its bytes (its ArrayBuffer, its backing store, the allocator's header):
 * on the kernel a worker kept 117,000 of them, some 20 MB. The bytes of a version that is forgotten
 * stay until nothing else in their block is kept: a few kilobytes an edit.
 */

/** Blocks are this large; a byte string over an eighth of it gets a buffer of its own. */
const BLOCK_BYTES = 1 << 20;

export class ByteArena {
  private block = Buffer.alloc(0);
  private used = 0;

  /** A copy of the bytes, as a view of a shared block (or, when large, a buffer of its own). */
  keep(bytes: Uint8Array): Buffer {
    if (bytes.length > BLOCK_BYTES / 8) return Buffer.from(bytes);
    if (this.used + bytes.length > this.block.length) {
      this.block = Buffer.allocUnsafeSlow(BLOCK_BYTES);
      this.used = 0;
    }
    const view = this.block.subarray(this.used, this.used + bytes.length);
    view.set(bytes);
    this.used += bytes.length;
    return view;
  }
}
