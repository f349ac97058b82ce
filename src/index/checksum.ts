/**
 * The checksum that tells a stored record from a damaged one: FNV-1a, 32 bits (a snapshot's is a
 * CRC-32: see `snapshots.ts`). Not a
 * defence against someone who means harm (the cache folder is the user's alone, see
 * `cacheFolder.ts`), only against bytes that changed.
 */
const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;

/** FNV-1a over every byte of the parts, in order. */
export function checksum(...parts: readonly Uint8Array[]): number {
  let hash = OFFSET;
  for (const part of parts) for (let i = 0; i < part.length; i++) hash = Math.imul(hash ^ part[i]!, PRIME);
  return hash | 0;
}
