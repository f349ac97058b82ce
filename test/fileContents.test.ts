/**
 * What a search keeps of a file and what it only glances at: a glance reads into one scratch buffer
 * and keeps nothing, `keep` keeps a copy, and whatever is kept is checked against the disk at each read.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { FileContents } from '../src/project/searchable.js';
import type { WalkedFile } from '../src/project/walker.js';

const HOUR_AGO = (Date.now() - 3600_000) / 1000;

function project(files: Record<string, string>): (relative: string) => WalkedFile {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-contents-'));
  for (const [relative, text] of Object.entries(files)) write(path.join(root, relative), text);
  return (relative) => ({ relative, absolute: path.join(root, relative) });
}

/** Written an hour back, so that only the inode, times and size tell a version from the next. */
function write(absolute: string, text: string): void {
  writeFileSync(absolute, text);
  utimesSync(absolute, HOUR_AGO, HOUR_AGO);
}

describe('FileContents', () => {
  test('a glance keeps nothing, and its bytes are overwritten by the next glance', () => {
    const file = project({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    const contents = new FileContents();
    const a = contents.read(file('a.txt'), { glance: true })!;
    assert.equal(a.bytes.toString(), 'alpha\n');
    assert.equal(contents.has('a.txt'), false);
    contents.read(file('b.txt'), { glance: true });
    assert.notEqual(a.bytes.toString(), 'alpha\n', 'the glance shares the scratch buffer');
  });

  test('keep copies a glanced file, which later reads return as long as the disk agrees', () => {
    const file = project({ 'a.txt': 'alpha\n', 'b.txt': 'beta\n' });
    const contents = new FileContents();
    const kept = contents.keep(contents.read(file('a.txt'), { glance: true })!);
    contents.read(file('b.txt'), { glance: true });
    assert.equal(kept.bytes.toString(), 'alpha\n');
    assert.equal(contents.has('a.txt'), true);
    assert.equal(contents.read(file('a.txt'), { glance: true }), kept);
    assert.equal(contents.read(file('a.txt')), kept);
  });

  test('a kept file edited on disk is read again, whether by a glance or a read', () => {
    const file = project({ 'a.txt': 'alpha\n' });
    const contents = new FileContents();
    const first = contents.read(file('a.txt'))!;
    write(file('a.txt').absolute, 'alpha, edited\n');
    const glanced = contents.read(file('a.txt'), { glance: true })!;
    assert.equal(glanced.bytes.toString(), 'alpha, edited\n');
    assert.notEqual(glanced.version, first.version);
    write(file('a.txt').absolute, 'alpha, edited twice\n');
    assert.equal(contents.read(file('a.txt'))!.bytes.toString(), 'alpha, edited twice\n');
  });

  test('binary and oversized files are known (not read again while unchanged) but never returned', () => {
    const file = project({ 'bin.dat': 'a\0b', 'big.txt': 'x'.repeat(512 * 1024 + 1) });
    const contents = new FileContents();
    assert.equal(contents.read(file('bin.dat'), { glance: true }), undefined);
    assert.equal(contents.read(file('big.txt'), { glance: true }), undefined);
    assert.equal(contents.has('bin.dat'), true);
    assert.equal(contents.has('big.txt'), true);
  });
});
