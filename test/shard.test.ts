/** A shard's search, as a worker runs it: hits in walk order, and failures as rejections, never as throws. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Languages } from '../src/definitions/languages.js';
import { Shard } from '../src/search/shard.js';

function shardOf(files: Record<string, string>): Shard {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-shard-'));
  const shard = new Shard(Languages.load());
  shard.setFiles(
    Object.entries(files).map(([relative, text], i) => {
      writeFileSync(path.join(root, relative), text);
      return { relative, absolute: path.join(root, relative), order: 10 * i };
    }),
  );
  return shard;
}

describe('Shard', () => {
  test('references and symbols come with their file and its place in the walk', async () => {
    const shard = shardOf({ 'a.rs': 'fn needle() {}\n', 'b.txt': 'no\nneedle here\n' });
    assert.deepEqual(await shard.search({ kind: 'references', name: 'needle' }, 81), [
      { order: 0, relative: 'a.rs', line: 1, text: 'fn needle() {}' },
      { order: 10, relative: 'b.txt', line: 2, text: 'needle here' },
    ]);
    assert.deepEqual(await shard.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41), [
      { order: 0, relative: 'a.rs', definition: { line: 1, kind: 'function', name: 'needle' }, source: 'fn needle() {}' },
    ]);
  });

  test('a glob that cannot be compiled rejects the search: it does not throw out of the worker', async () => {
    const shard = shardOf({ 'a.rs': 'fn needle() {}\n' });
    const searching = shard.search({ kind: 'references', name: 'needle', path: '*'.repeat(70_000) }, 81);
    await assert.rejects(searching, /Invalid path glob/);
  });
});
