/**
 * A file's words as a Bloom filter: what lets `find_references` pass over a file without reading it.
 * A word is a maximal run of word characters (the same `\w` as `text/wholeWord.ts`: Unicode letters,
 * marks, digits, connector punctuation, joiners). Every whole-word match of a name holds each of the
 * name's own words as a whole word of the file, so a file whose filter lacks one of them cannot match:
 * the filter never hides a match, it only lets some files through that hold none.
 *
 * Words are read from the bytes: ASCII directly, other characters decoded from UTF-8 (bytes that are
 * not UTF-8 are no word character, as their U+FFFD is not one), so that no file is decoded whole.
 */
import { isWordCharacter } from '../text/wholeWord.js';

/** Bits per distinct word, before rounding up to a power of two: 8 to 16, 1–2% false positives at worst. */
const BITS_PER_WORD = 8;
const PROBES = 5;
const MIN_BITS = 64;

const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[0-9A-Za-z_]/.test(String.fromCharCode(c)) ? 1 : 0;

const unicodeWord = new Map<number, boolean>();

function isUnicodeWord(codePoint: number): boolean {
  let known = unicodeWord.get(codePoint);
  if (known === undefined) {
    known = isWordCharacter(codePoint);
    unicodeWord.set(codePoint, known);
  }
  return known;
}

/**
 * The code point of the UTF-8 sequence at `at` and its length, or length 0 when the bytes there are
 * not well-formed UTF-8 (overlong, surrogate, past U+10FFFF, cut short).
 */
function decodeAt(bytes: Uint8Array, at: number): { codePoint: number; length: number } {
  const lead = bytes[at]!;
  const length = lead >= 0xf0 && lead <= 0xf4 ? 4 : lead >= 0xe0 ? (lead <= 0xef ? 3 : 0) : lead >= 0xc2 && lead <= 0xdf ? 2 : 0;
  if (length === 0 || at + length > bytes.length) return { codePoint: 0, length: 0 };
  let codePoint = lead & (0xff >> (length + 1));
  for (let i = 1; i < length; i++) {
    const next = bytes[at + i]!;
    if ((next & 0xc0) !== 0x80) return { codePoint: 0, length: 0 };
    codePoint = (codePoint << 6) | (next & 0x3f);
  }
  const shortest = length === 2 ? 0x80 : length === 3 ? 0x800 : 0x10000;
  if (codePoint < shortest || codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff)) return { codePoint: 0, length: 0 };
  return { codePoint, length };
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * Calls `visit` with the FNV-1a hash of each word of the bytes (repeats included), and whether the
 * word starts with an ASCII digit (a number, which names nothing).
 */
function forEachWordHash(bytes: Uint8Array, visit: (hash: number, number: boolean) => void): void {
  const end = bytes.length;
  let hash = FNV_OFFSET;
  let inWord = false;
  let number = false;
  for (let at = 0; at < end; ) {
    const byte = bytes[at]!;
    // ASCII, nearly every byte of source code, without a decode.
    if (byte < 0x80) {
      if (ASCII_WORD[byte] === 1) {
        if (!inWord) {
          hash = FNV_OFFSET;
          inWord = true;
          number = byte <= 0x39;
        }
        hash = Math.imul(hash ^ byte, FNV_PRIME);
      } else if (inWord) {
        visit(hash >>> 0, number);
        inWord = false;
      }
      at++;
      continue;
    }
    const decoded = decodeAt(bytes, at);
    const length = Math.max(decoded.length, 1);
    if (decoded.length > 0 && isUnicodeWord(decoded.codePoint)) {
      if (!inWord) {
        hash = FNV_OFFSET;
        inWord = true;
        number = false;
      }
      for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[at + i]!, FNV_PRIME);
    } else if (inWord) {
      visit(hash >>> 0, number);
      inWord = false;
    }
    at += length;
  }
  if (inWord) visit(hash >>> 0, number);
}

/** murmur3's finaliser: spreads a hash's bits, so that the probes of two hashes differ. */
export function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Each probe's bit index for a word hash, in a filter of `bits` bits (a power of two). */
function probes(hash: number, bits: number, visit: (bit: number) => void): void {
  const h1 = mix(hash);
  const h2 = mix(hash ^ 0x9e3779b9) | 1;
  for (let i = 0; i < PROBES; i++) visit((h1 + Math.imul(i, h2)) & (bits - 1));
}

const INITIAL_SLOTS = 1 << 10;
/** About a megabyte of table: enough for files of up to 64,000 distinct words. */
const KEPT_SLOTS = 1 << 17;

/**
 * The distinct word hashes of one file: an open-addressing table kept from file to file, whose
 * slots belong to the current file when their stamp is its. A `Set` of the hashes, most of them
 * past the small integers a number is stored as without an allocation, took twice as long and
 * left garbage behind for every file.
 */
class DistinctHashes {
  private keys = new Uint32Array(INITIAL_SLOTS);
  private stamps = new Uint32Array(INITIAL_SLOTS);
  private stamp = 0;
  /** This file's hashes in the order first seen: `size` of them. */
  found = new Uint32Array(INITIAL_SLOTS / 2);
  /** 1 where the word found there is a number. */
  numbers = new Uint8Array(INITIAL_SLOTS / 2);
  size = 0;

  startFile(): void {
    this.size = 0;
    // The table a file of a million words grew is not kept for the next (a server holds its workers for hours).
    if (this.keys.length > KEPT_SLOTS) {
      this.keys = new Uint32Array(INITIAL_SLOTS);
      this.stamps = new Uint32Array(INITIAL_SLOTS);
      this.found = new Uint32Array(INITIAL_SLOTS / 2);
      this.numbers = new Uint8Array(INITIAL_SLOTS / 2);
      this.stamp = 0;
    }
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  add(hash: number, number: boolean): void {
    if (this.size * 2 >= this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    for (let slot = mix(hash) & mask; ; slot = (slot + 1) & mask) {
      if (this.stamps[slot] !== this.stamp) {
        this.stamps[slot] = this.stamp;
        this.keys[slot] = hash;
        this.numbers[this.size] = number ? 1 : 0;
        this.found[this.size++] = hash;
        return;
      }
      if (this.keys[slot] === hash) return;
    }
  }

  private grow(): void {
    const found = this.found.subarray(0, this.size);
    const numbers = this.numbers.subarray(0, this.size);
    this.keys = new Uint32Array(this.keys.length * 2);
    this.stamps = new Uint32Array(this.keys.length);
    this.found = new Uint32Array(this.keys.length / 2);
    this.numbers = new Uint8Array(this.keys.length / 2);
    this.size = 0;
    found.forEach((hash, i) => this.add(hash, numbers[i] === 1));
  }

  /** The hashes of this file's words that are not numbers, ascending. */
  names(): Uint32Array {
    const names = new Uint32Array(this.size);
    let count = 0;
    for (let i = 0; i < this.size; i++) if (this.numbers[i] === 0) names[count++] = this.found[i]!;
    return names.slice(0, count).sort();
  }
}

const distinct = new DistinctHashes();

/** The filter of a file's bytes. */
export function wordFilterOf(bytes: Uint8Array): Uint8Array {
  collectDistinct(bytes);
  return filterOfDistinct();
}

/**
 * A file's words both ways, from one pass over its bytes: its filter, and the distinct hashes of its
 * words but numbers, ascending (the words the map counts the file as using: see `src/map/`).
 */
export function wordsOf(bytes: Uint8Array): { readonly filter: Uint8Array; readonly hashes: Uint32Array } {
  collectDistinct(bytes);
  return { filter: filterOfDistinct(), hashes: distinct.names() };
}

function collectDistinct(bytes: Uint8Array): void {
  distinct.startFile();
  forEachWordHash(bytes, (hash, number) => distinct.add(hash, number));
}

function filterOfDistinct(): Uint8Array {
  let bits = MIN_BITS;
  while (bits < distinct.size * BITS_PER_WORD) bits *= 2;
  const filter = new Uint8Array(bits / 8);
  for (let i = 0; i < distinct.size; i++) probes(distinct.found[i]!, bits, (bit) => (filter[bit >>> 3]! |= 1 << (bit & 7)));
  return filter;
}

/** The word hashes of a name: what `mayContain` looks for. None for a name without word characters. */
export function wordsOfName(name: string): readonly number[] {
  const hashes = new Set<number>();
  forEachWordHash(Buffer.from(name, 'utf8'), (hash) => hashes.add(hash));
  return [...hashes];
}

/** The hash of one word, as `forEachWordHash` makes it: FNV-1a of its UTF-8 bytes. */
export function wordHash(word: string): number {
  let hash = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) {
    const code = word.charCodeAt(i);
    if (code >= 0x80) return wordsOfName(word)[0]!; // Not ASCII: its UTF-8 bytes are made the long way.
    hash = Math.imul(hash ^ code, FNV_PRIME);
  }
  return hash >>> 0;
}

/** False only when the file cannot hold every one of the words as a whole word. */
export function mayContain(filter: Uint8Array, words: readonly number[]): boolean {
  return mayContainAt(filter, 0, filter.length, words);
}

/** `mayContain` of the filter that is `length` bytes of `bytes` from `start`. */
export function mayContainAt(bytes: Uint8Array, start: number, length: number, words: readonly number[]): boolean {
  const bits = length * 8;
  if (bits < MIN_BITS || (bits & (bits - 1)) !== 0) return true; // Not a filter this code made: it proves nothing.
  for (const hash of words) {
    let all = true;
    probes(hash, bits, (bit) => {
      if ((bytes[start + (bit >>> 3)]! & (1 << (bit & 7))) === 0) all = false;
    });
    if (!all) return false;
  }
  return true;
}
