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
  return new WordChecksum(seed).update(data).digest();
}

/** `wordChecksum` of data given in parts, as it is written: the same number as of the parts joined. */
export class WordChecksum {
  private hash: number;
  private length = 0;
  /** The bytes of the last part that did not fill a word, taken first from the next part. */
  private carry = new Uint8Array(0);

  constructor(seed: string) {
    this.hash = checksum(Buffer.from(seed, 'utf8'));
  }

  update(part: Uint8Array): this {
    this.length += part.length;
    let bytes = part;
    if (this.carry.length > 0) {
      // The word the carry began, completed from this part; the rest of it goes on below.
      const taken = Math.min(4 - this.carry.length, part.length);
      const word = new Uint8Array(this.carry.length + taken);
      word.set(this.carry);
      word.set(part.subarray(0, taken), this.carry.length);
      bytes = part.subarray(taken);
      if (word.length < 4) {
        this.carry = word;
        return this;
      }
      this.hash = Math.imul(this.hash ^ new DataView(word.buffer).getUint32(0, true), PRIME);
    }
    const whole = bytes.length - (bytes.length % 4);
    const aligned = bytes.byteOffset % 4 === 0 ? bytes : new Uint8Array(bytes.subarray(0, whole));
    const words = new Uint32Array(aligned.buffer, aligned.byteOffset, whole >>> 2);
    let hash = this.hash;
    for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i]!, PRIME);
    this.hash = hash;
    this.carry = new Uint8Array(bytes.subarray(whole)); // A copy: the caller may reuse the part's memory.
    return this;
  }

  digest(): number {
    let hash = this.hash;
    for (const byte of this.carry) hash = Math.imul(hash ^ byte, PRIME);
    return Math.imul(hash ^ this.length, PRIME) | 0;
  }
}
