/**
 * The byte test of find_symbol's second pass (names containing the text, ignoring case): a file
 * passes where its text contains the name in any case of its ASCII letters, found from the name's
 * rarest character rather than its first. Checked against the plain reading on random texts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadLanguages } from '../src/definitions/manifest.js';
import { symbolTest } from '../src/search/symbolMatch.js';
import { seededRandom } from './seededRandom.js';

const rust = loadLanguages().defining('lib.rs')!;

/** The test as its meaning says it, decoding the text (ASCII letters folded, which the byte test folds). */
const plainly = (bytes: Buffer, name: string) => bytes.toString('latin1').toLowerCase().includes(name.toLowerCase());

test('names containing the text: the byte test passes exactly the texts that hold it in any case', () => {
  const next = seededRandom(20261207);
  const alphabet = 'eEzZ_4xX.q';
  const word = (length: number) => Array.from({ length }, () => alphabet[Math.floor(next() * alphabet.length)]).join('');
  let held = 0;
  for (let n = 0; n < 3000; n++) {
    const name = word(1 + Math.floor(next() * 4));
    const bytes = Buffer.from(word(Math.floor(next() * 40)), 'latin1');
    const expected = plainly(bytes, name);
    held += expected ? 1 : 0;
    assert.equal(symbolTest(name, 'containing').mayHold(bytes, rust), expected, `${JSON.stringify(name)} in ${JSON.stringify(bytes.toString('latin1'))}`);
  }
  // Both answers are drawn often: a test of only one would pass a function that always gives it.
  assert.ok(held > 300 && held < 2700, `${held} of 3000 held`);
});

test('names containing the text: at the very start and end of a file, and past them', () => {
  const test = symbolTest('ext4_Fill', 'containing');
  assert.equal(test.mayHold(Buffer.from('EXT4_FILL_super'), rust), true);
  assert.equal(test.mayHold(Buffer.from('fn ext4_fill'), rust), true);
  assert.equal(test.mayHold(Buffer.from('xt4_fill ext4_fil'), rust), false);
  assert.equal(test.mayHold(Buffer.from('4'), rust), false);
});

test('an exact test tells first whether a file holds the name in any case, where that rules out its whole word too', () => {
  const test = symbolTest('kmalloc', 'exact');
  assert.equal(test.mayContain?.(Buffer.from('p = KMalloc(n);')), true);
  assert.equal(test.mayContain?.(Buffer.from('void *kmalloc(size_t n);')), true);
  assert.equal(test.mayContain?.(Buffer.from('p = kmal(n); loc();')), false);
  // Every text that holds the name as a whole word holds it in some case: the test never rules out a match.
  const next = seededRandom(20261208);
  const alphabet = 'kKmM ()';
  for (let n = 0; n < 2000; n++) {
    const bytes = Buffer.from(Array.from({ length: Math.floor(next() * 30) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''), 'latin1');
    const exact = symbolTest('kM', 'exact');
    assert.equal(exact.mayContain!(bytes), plainly(bytes, 'kM'), JSON.stringify(bytes.toString('latin1')));
  }
  // A qualified name's file need not hold all of it; a name in other letters than ASCII's is not told.
  assert.equal(symbolTest('Parser::parse', 'exact').mayContain, undefined);
  assert.equal(symbolTest('größe', 'exact').mayContain, undefined);
  assert.equal(symbolTest('kmalloc', 'containing').mayContain, undefined);
});
