/**
 * What names a file's content in the index: a hash of its bytes, so that worktrees and copies of a
 * repository share one record per content. SHA-256 (Node's own, native): a collision would make the
 * index answer for other bytes, so the hash must be one nobody can make collide.
 */
import { createHash } from 'node:crypto';

export const CONTENT_KEY_BYTES = 32;

export function contentKey(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/**
 * The same content's name in git: its blob id, SHA-1 of `blob <size> NUL` and the bytes. What a
 * snapshot keeps beside each entry, so that another worktree's shard can take the entry for a file
 * git's index there vouches holds that blob (see `worktreeEntries.ts`). Never a key of the index's
 * own records: git guards its ids against SHA-1's collisions, a hash here would not.
 */
export function gitBlobId(bytes: Uint8Array): Buffer {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest();
}
