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
