/**
 * Checksums that tell a stored record or snapshot from a damaged one: FNV-1a, 32 bits. Not a
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

/**
 * FNV-1a over the bytes of `seed`, then over `data` four bytes at a time (little-endian words, its
 * last bytes one at a time), then its length: a few times faster than `checksum` on the megabytes
 * of a snapshot.
 */
export function wordChecksum(seed: string, data: Uint8Array): number {
  let hash = checksum(Buffer.from(seed, 'utf8'));
  const aligned = data.byteOffset % 4 === 0 ? data : new Uint8Array(data);
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >>> 2);
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i]!, PRIME);
  for (let i = words.length * 4; i < aligned.length; i++) hash = Math.imul(hash ^ aligned[i]!, PRIME);
  return Math.imul(hash ^ data.length, PRIME) | 0;
}
