/**
 * A digest of what a shard's usage is made of, file by file: the file's place in the walk, its path,
 * the content its words were counted at, and where its linked words come from (the names its entry
 * records, in their language; names parsed in this process; or none). Each of those makes the file's
 * part of the usage the same wherever it is made, so that equal digests are equal usages: a shard
 * tells its digest without counting anything, and a ranking saved with the same digests is the one
 * its usage would make (see `rankingSnapshot.ts`).
 */
import { createHash, type Hash } from 'node:crypto';
import { uint32 } from './snapshotBytes.js';

export class UsageDigest {
  private readonly hash: Hash = createHash('sha256');
  add(order: number, relative: string, content: Buffer | undefined, linkedSource: Buffer): void {
    this.field(uint32(order)).field(Buffer.from(relative, 'utf8')).field(content ?? Buffer.alloc(0)).field(linkedSource);
  }

  digest(): Uint8Array {
    return Uint8Array.from(this.hash.digest());
  }

  /** A field with its length first, so that no two lists of fields run together the same. */
  private field(bytes: Buffer): this {
    this.hash.update(uint32(bytes.length)).update(bytes);
    return this;
  }
}
