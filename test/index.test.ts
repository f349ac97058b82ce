/**
 * The index's pieces on their own: a word filter never hides a whole-word match (and does rule most
 * absent words out), a definitions record reads back what was written and nothing from damaged
 * bytes, and the cache folder is refused where someone else could write it.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { KINDS, type Definition } from '../src/definitions/definition.js';
import { CacheFolderError, defaultCacheFolder, trustedCacheFolder } from '../src/index/cacheFolder.js';
import { decodeDefinitions, encodeDefinitions } from '../src/index/definitionsRecord.js';
import { mayContain, wordFilterOf, wordsOfName } from '../src/index/wordFilter.js';
import { symbolTest } from '../src/search/symbolMatch.js';
import { wholeWordLines } from '../src/text/wholeWord.js';
import { seededRandom } from './seededRandom.js';

/** Pieces texts are made of: ASCII words, Unicode letters, marks and digits, and what separates them. */
const PIECES = [
  'foo', 'bar', 'x', '_', 'a1', 'Ünï', 'коды', '名前', 'e\u0301', '٣', 'ǅ', '\u200d', '𝒳', '🎉', ' ', '.', '::', '-', '—', '’',
  '\n', '\r\n', '\t', '(', ')', '"', '\u00a0', '\u2028', '$', '@',
];

describe('word filter', () => {
  test('never rules out a file holding the name as a whole word (6,000 seeded texts and names)', () => {
    const random = seededRandom(20261201);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    let matched = 0;
    for (let round = 0; round < 6000; round++) {
      const pieces = Array.from({ length: 1 + Math.floor(random() * 40) }, () => pick(PIECES));
      const text = pieces.join('');
      const bytes = Buffer.from(text, 'utf8');
      // A name from the text itself: a run of its pieces, or a slice of it cut anywhere.
      const from = Math.floor(random() * pieces.length);
      const start = Math.floor(random() * text.length);
      const name = random() < 0.8 ? pieces.slice(from, from + 1 + Math.floor(random() * 3)).join('') : text.slice(start, start + 1 + Math.floor(random() * 8));
      if (name.trim() === '' || /[\r\n]/.test(name) || /[\ud800-\udfff]/.test(name)) continue;
      if (wholeWordLines(bytes, name).next().done) continue;
      matched++;
      assert.ok(mayContain(wordFilterOf(bytes), wordsOfName(name)), `${JSON.stringify(name)} in ${JSON.stringify(text)}`);
    }
    assert.ok(matched > 1000, `only ${matched} texts held their name`);
  });

  test('bytes that are not UTF-8 separate words, as their U+FFFD does', () => {
    const bytes = Buffer.concat([Buffer.from('alpha'), Buffer.from([0xff, 0xc0, 0xe2, 0x82]), Buffer.from('beta\n')]);
    assert.ok(!wholeWordLines(bytes, 'beta').next().done);
    assert.ok(mayContain(wordFilterOf(bytes), wordsOfName('beta')));
    assert.ok(mayContain(wordFilterOf(bytes), wordsOfName('alpha')));
  });

  test('rules out nearly every absent word', () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}`);
    const filter = wordFilterOf(Buffer.from(words.join(' ')));
    const absent = Array.from({ length: 5000 }, (_, i) => `absent${i}`);
    const passed = absent.filter((word) => mayContain(filter, wordsOfName(word))).length;
    assert.ok(passed < 0.03 * absent.length, `${passed} of ${absent.length} absent words passed`);
    assert.ok(words.every((word) => mayContain(filter, wordsOfName(word))));
  });

  test('a name without word characters rules nothing out; every word of a name must be there', () => {
    const filter = wordFilterOf(Buffer.from('fn alpha() -> beta'));
    assert.ok(mayContain(filter, wordsOfName('->')));
    assert.ok(mayContain(filter, wordsOfName('alpha()')));
    assert.ok(!mayContain(filter, wordsOfName('alpha.gamma')));
  });
});

describe('definitions record', () => {
  const definitions: Definition[] = [
    ...KINDS.map((kind, i): Definition => ({ kind, line: 1 + i * 70_000, depth: i % 4, name: `${kind}_${i}`, endLine: 2 + i * 70_000 })),
    { kind: 'impl', line: 3, depth: 0, name: 'Display for Point<T>' },
    { kind: 'heading', line: 5, depth: 2, name: 'Ünïcode — “quoted” 🎉', endLine: 9 },
    { kind: 'const', line: 7, depth: 1, name: '' },
  ];

  test('reads back exactly what was written, an unknown end line included', () => {
    assert.deepEqual(decodeDefinitions(encodeDefinitions(definitions)), definitions);
    assert.deepEqual(decodeDefinitions(encodeDefinitions([])), []);
  });

  test('a cut, lengthened or nonsensical record is no record', () => {
    const record = encodeDefinitions(definitions);
    assert.equal(decodeDefinitions(record.subarray(0, record.length - 1)), undefined);
    assert.equal(decodeDefinitions(Buffer.concat([record, Buffer.from('x\0')])), undefined);
    assert.equal(decodeDefinitions(record.subarray(0, 2)), undefined);
    const badKind = Buffer.from(record);
    badKind.writeInt32LE(KINDS.length, 4 + 8);
    assert.equal(decodeDefinitions(badKind), undefined);
    const badCount = Buffer.from(record);
    badCount.writeInt32LE(1 << 30, 0);
    assert.equal(decodeDefinitions(badCount), undefined);
  });
});

describe('cache folder', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-cache-folder-'));

  test('where the environment says, in this order', () => {
    assert.equal(defaultCacheFolder({ ZUMBA_CACHE_DIR: '/a', XDG_CACHE_HOME: '/b' }), '/a');
    assert.equal(defaultCacheFolder({ XDG_CACHE_HOME: '/b' }), '/b/zumba');
    assert.equal(defaultCacheFolder({}), path.join(os.homedir(), '.cache', 'zumba'));
  });

  test('made with mode 0700, each folder it makes', () => {
    const folder = path.join(base, 'made', 'deeper');
    trustedCacheFolder(folder);
    assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.dirname(folder)).mode & 0o777, 0o700);
  });

  test('a link, a file, a folder others can write and one of another user are refused', (t) => {
    const target = path.join(base, 'target');
    fs.mkdirSync(target, { mode: 0o700 });
    fs.symlinkSync(target, path.join(base, 'link'));
    fs.writeFileSync(path.join(base, 'file'), '');
    fs.mkdirSync(path.join(base, 'open'));
    fs.chmodSync(path.join(base, 'open'), 0o777);
    const refused = (folder: string, why: RegExp) => assert.throws(() => trustedCacheFolder(path.join(base, folder)), (error: unknown) => error instanceof CacheFolderError && why.test(error.message));
    refused('link', /is a symbolic link/);
    refused('file', /cannot make|is not a folder/);
    refused('file/below', /cannot make/);
    refused('open', /can be written by other users/);
    if (process.getuid?.() !== 0) return t.skip('only root can give a folder to another user');
    fs.mkdirSync(path.join(base, 'theirs'), { mode: 0o700 });
    fs.chownSync(path.join(base, 'theirs'), 65534, 65534);
    refused('theirs', /belongs to another user/);
  });
});

describe("find_symbol's test of a file's defined names", () => {
  test('a name, or a qualified name ending in it, passes; the name inside a longer one does not', () => {
    const names = Buffer.from('print\0Foo.bar\0x::baz\0int\0Ünï\0', 'utf8');
    const passes = (name: string) => symbolTest(name, 'exact').mayName(names);
    assert.deepEqual(['int', 'bar', 'baz', 'Foo.bar', 'x::baz', 'Ünï', 'print'].filter((name) => !passes(name)), []);
    assert.deepEqual(['rint', 'Foo', 'x', 'pr', 'nï'].filter(passes), []);
  });
});
