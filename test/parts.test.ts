/** A long file parsed in parts (parts.ts): where parts begin, and that they cover the text once. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { partsOf } from '../src/definitions/parts.js';

const rules = { lines: 3, at: /^[a-z]/ };
const text = (lines: readonly string[]) => lines.map((line) => `${line}\n`).join('');
const shown = (source: string) => partsOf(source, rules).map(([start, end]) => source.slice(start, end).trimEnd().split('\n'));

test('a text of at most `lines` lines is one part', () => {
  assert.deepEqual(partsOf(text(['a', ' b', ' c']), rules), [[0, 8]]);
  assert.deepEqual(partsOf('', rules), [[0, 0]]);
});

test('each part begins at the last line in reach that may begin one', () => {
  assert.deepEqual(shown(text(['a', ' 1', 'b', ' 2', ' 3', 'c', 'd'])), [['a', ' 1'], ['b', ' 2', ' 3'], ['c', 'd']]);
});

test('where no line in reach may begin a part, it runs on to the first that may', () => {
  assert.deepEqual(shown(text(['a', ' 1', ' 2', ' 3', ' 4', 'b', ' 5'])), [['a', ' 1', ' 2', ' 3', ' 4'], ['b', ' 5']]);
  assert.deepEqual(shown(text(['a', ' 1', ' 2', ' 3', ' 4'])), [['a', ' 1', ' 2', ' 3', ' 4']]);
});

test('the parts cover the text once, a last line without its newline too', () => {
  const source = 'a\n 1\nb\n 2\n 3\nc\nd';
  const parts = partsOf(source, rules);
  assert.equal(parts.map(([start, end]) => source.slice(start, end)).join(''), source);
  assert.deepEqual(parts.at(-1), [source.indexOf('c'), source.length]);
});
