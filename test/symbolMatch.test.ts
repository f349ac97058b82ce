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
