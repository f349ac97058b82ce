/**
 * How many files of a shard use each word: a table from word hash to count, kept up to date as files
 * come, change and go by adding and taking away each file's distinct word hashes. Integers, so that a
 * table kept up to date through any edits equals one counted afresh. Open addressing over typed
 * arrays: a shard of the kernel uses some million distinct words, which a `Map` held in ten times
 * the memory.
 */
import { mix } from '../index/wordFilter.js';

const INITIAL_SLOTS = 1 << 12;
/** The table grows when this share of its slots is taken (linear probing stays short below it). */
const MAX_LOAD = 0.75;

export class WordCounts {
  private keys: Uint32Array;
  private counts: Uint32Array;
  /** 1 where a slot holds a key (whose count may since have fallen to 0). */
  private taken: Uint8Array;
  private takenCount = 0;

  /** A table with room for `expected` words before it grows (and its slots move). */
  constructor(expected = 0) {
    let slots = INITIAL_SLOTS;
    while (expected / slots > MAX_LOAD) slots *= 2;
    this.keys = new Uint32Array(slots);
    this.counts = new Uint32Array(slots);
    this.taken = new Uint8Array(slots);
  }

  /** One more file uses each of these words. */
  add(hashes: Uint32Array): void {
    if ((this.takenCount + hashes.length) / this.keys.length > MAX_LOAD) this.grow(this.takenCount + hashes.length);
    for (const hash of hashes) this.counts[this.slotOf(hash)]!++;
  }

  /** One more file uses the word; its slot (which moves only when the table grows: see the constructor). */
  increment(hash: number): number {
    if ((this.takenCount + 1) / this.keys.length > MAX_LOAD) this.grow(this.takenCount + 1);
    const slot = this.slotOf(hash);
    this.counts[slot]!++;
    return slot;
  }

  /** The table's own arrays, to be saved as they are (`fromSlots` reads them back without a word inserted again). */
  slots(): { readonly keys: Uint32Array; readonly counts: Uint32Array; readonly taken: Uint8Array } {
    return { keys: this.keys, counts: this.counts, taken: this.taken };
  }

  /** The table `slots` gave; undefined where the arrays cannot be one (their lengths differ, or are no power of two). */
  static fromSlots(keys: Uint32Array, counts: Uint32Array, taken: Uint8Array): WordCounts | undefined {
    const slots = keys.length;
    if (slots < INITIAL_SLOTS || (slots & (slots - 1)) !== 0 || counts.length !== slots || taken.length !== slots) return undefined;
    const table = new WordCounts();
    table.keys = keys;
    table.counts = counts;
    table.taken = taken;
    table.takenCount = taken.reduce((sum, bit) => sum + bit, 0);
    return table.takenCount / slots <= MAX_LOAD ? table : undefined;
  }

  /**
   * One file fewer uses each of these words (which `add` was given for it); false, and nothing taken
   * away, where some word is counted for no file: the table is not what was added to it (a saved one
   * that does not hold what it says), and must be counted afresh.
   */
  remove(hashes: Uint32Array): boolean {
    for (const hash of hashes) if (this.get(hash) === 0) return false;
    for (const hash of hashes) this.counts[this.slotOf(hash)]!--;
    return true;
  }

  /** How many files use the word. */
  get(hash: number): number {
    const slot = this.find(hash);
    return slot < 0 ? 0 : this.counts[slot]!;
  }

  /** The count in a slot `find` or `increment` gave. */
  countAt(slot: number): number {
    return this.counts[slot]!;
  }

  /** The word's slot, or -1 where it has none: a key into arrays of `capacity` kept beside the table, until it grows. */
  find(hash: number): number {
    const mask = this.keys.length - 1;
    for (let slot = mix(hash) & mask; this.taken[slot] === 1; slot = (slot + 1) & mask) if (this.keys[slot] === hash) return slot;
    return -1;
  }

  get capacity(): number {
    return this.keys.length;
  }

  /** Each of the words' counts, in their order. A plain loop: on the kernel a worker is asked for two million. */
  countsOf(hashes: Uint32Array): Uint32Array {
    const counts = new Uint32Array(hashes.length);
    for (let i = 0; i < hashes.length; i++) {
      const slot = this.find(hashes[i]!);
      if (slot >= 0) counts[i] = this.counts[slot]!;
    }
    return counts;
  }

  /** Every word some file uses, with its count: copies, to be sent to another thread. */
  entries(): { readonly hashes: Uint32Array; readonly counts: Uint32Array } {
    let live = 0;
    for (let slot = 0; slot < this.keys.length; slot++) if (this.counts[slot]! > 0) live++;
    const hashes = new Uint32Array(live);
    const counts = new Uint32Array(live);
    let at = 0;
    for (let slot = 0; slot < this.keys.length; slot++) {
      if (this.counts[slot] === 0) continue;
      hashes[at] = this.keys[slot]!;
      counts[at++] = this.counts[slot]!;
    }
    return { hashes, counts };
  }

  clear(): void {
    this.keys = new Uint32Array(INITIAL_SLOTS);
    this.counts = new Uint32Array(INITIAL_SLOTS);
    this.taken = new Uint8Array(INITIAL_SLOTS);
    this.takenCount = 0;
  }

  /** The slot of the hash, taken for it if it had none. */
  private slotOf(hash: number): number {
    const mask = this.keys.length - 1;
    let slot = mix(hash) & mask;
    while (this.taken[slot] === 1) {
      if (this.keys[slot] === hash) return slot;
      slot = (slot + 1) & mask;
    }
    this.taken[slot] = 1;
    this.keys[slot] = hash;
    this.takenCount++;
    return slot;
  }

  /** Room for `needed` keys: the words still used move to a larger table; those whose count fell to 0 are left behind. */
  private grow(needed: number): void {
    const { hashes, counts } = this.entries();
    let slots = this.keys.length;
    while (Math.max(needed, hashes.length) / slots > MAX_LOAD / 2) slots *= 2;
    this.keys = new Uint32Array(slots);
    this.counts = new Uint32Array(slots);
    this.taken = new Uint8Array(slots);
    this.takenCount = 0;
    hashes.forEach((hash, i) => (this.counts[this.slotOf(hash)] = counts[i]!));
  }
}
