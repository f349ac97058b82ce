/** A record's checksum: FNV-1a over its parts, so that a changed byte in a stored record is noticed. */
export function checksum(...parts: readonly Uint8Array[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) for (let i = 0; i < part.length; i++) hash = Math.imul(hash ^ part[i]!, 0x01000193);
  return hash | 0;
}
