/**
 * Whatever the tools keep between calls, the very next call sees the disk as it is: an edited file, a
 * new file, a deleted file, a changed .gitignore. Files are first aged (their times set an hour back)
 * so that the checks on inode, times and size are what notices the change, and not only the rule
 * that distrusts files changed in the last two seconds. In a server that watches its folders, what the
 * watcher heard is what tells the change.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, test } from 'node:test';
import { openProject, type Project } from '../src/session/project.js';
import { findReferences } from '../src/tools/findReferences.js';
import { findSymbol } from '../src/tools/findSymbol.js';
import { outline } from '../src/tools/outline.js';

const HOUR_AGO = (Date.now() - 3600_000) / 1000;
const TWO_HOURS_AGO = (Date.now() - 7200_000) / 1000;

let root: string;
let project: Project;

/** Writes a file and ages it and every folder above it, so that only a real change makes it look new. */
function write(relative: string, text: string, age = HOUR_AGO): void {
  const file = path.join(root, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  for (let at = file; at.startsWith(root); at = path.dirname(at)) utimesSync(at, age, age);
}

function remove(relative: string): void {
  rmSync(path.join(root, relative), { recursive: true });
  utimesSync(path.dirname(path.join(root, relative)), TWO_HOURS_AGO, TWO_HOURS_AGO);
}

const references = async (name: string) => findReferences(project, { name });
const symbols = async (name: string) => findSymbol(project, { name });

/** A first round of calls, so that every cache is filled. */
async function firstCalls(): Promise<void> {
  assert.equal(await references('needle'), 'src/a.rs:2: // needle');
  assert.equal(await symbols('alpha'), 'src/a.rs:1 function — fn alpha() {}');
}

for (const mode of ['without an index', 'in a fresh server, through the index another filled', 'in a server that watches its folders']) {
  describe(`the next call sees, ${mode},`, () => {
    beforeEach(async () => {
      root = mkdtempSync(path.join(os.tmpdir(), 'zumba-fresh-'));
      write('src/a.rs', 'fn alpha() {}\n// needle\n');
      write('src/b.rs', 'fn beta() {}\n');
      write('docs/notes.md', '# Notes\n');
      const watch = mode === 'in a server that watches its folders';
      project = openProject(root, { noCache: mode === 'without an index', watch });
      await firstCalls();
      if (mode !== 'in a fresh server, through the index another filled') return;
      // Every file into the index; then a server of its own, which trusts what the index recorded.
      await project.search.index();
      await project.search.close();
      project = openProject(root);
      await firstCalls();
    });
    afterEach(() => project.search.close());

    test('an edited file, even one whose new times are an hour old', async () => {
      write('src/a.rs', 'fn alpha() {}\nfn gamma() {} // needle\n', TWO_HOURS_AGO);
      assert.equal(await references('needle'), 'src/a.rs:2: fn gamma() {} // needle');
      assert.equal(await symbols('gamma'), 'src/a.rs:2 function — fn gamma() {} // needle');
      assert.equal(await outline(project, { path: 'src/a.rs' }), '1 function alpha\n2 function gamma');
    });

    test('an edit that keeps the size and the modification time (the change time still moves)', async () => {
      write('src/a.rs', 'fn alpha() {}\n// nodule\n');
      assert.equal(await references('needle'), 'No references to needle.');
      assert.equal(await references('nodule'), 'src/a.rs:2: // nodule');
    });

    test('an edit made just now', async () => {
      writeFileSync(path.join(root, 'src/b.rs'), 'fn beta() {} // needle\n');
      assert.equal(await references('needle'), 'src/a.rs:2: // needle\nsrc/b.rs:1: fn beta() {} // needle');
    });

    test('a new file, in a new folder', async () => {
      write('lib/deep/c.rs', 'fn alpha() {} // needle\n');
      assert.equal(await references('needle'), 'lib/deep/c.rs:1: fn alpha() {} // needle\nsrc/a.rs:2: // needle');
      assert.equal(await symbols('alpha'), 'lib/deep/c.rs:1 function — fn alpha() {} // needle\nsrc/a.rs:1 function — fn alpha() {}');
    });

    test('a deleted file, and a deleted folder', async () => {
      remove('src/a.rs');
      assert.equal(await references('needle'), 'No references to needle.');
      assert.equal(await symbols('alpha'), 'No symbol matches alpha.');
      await assert.rejects(outline(project, { path: 'src/a.rs' }), /No such file: src\/a\.rs/);
      remove('docs');
      assert.equal(await symbols('Notes'), 'No symbol matches Notes.');
    });

    test('a new .gitignore, a changed one, and a deleted one', async () => {
      write('.gitignore', 'src/a.rs\n');
      assert.equal(await references('needle'), 'No references to needle.');
      assert.equal(await symbols('alpha'), 'No symbol matches alpha.');
      write('.gitignore', 'src/b.rs\n', TWO_HOURS_AGO);
      assert.equal(await references('needle'), 'src/a.rs:2: // needle');
      assert.equal(await symbols('beta'), 'No symbol matches beta.');
      remove('.gitignore');
      assert.equal(await symbols('beta'), 'src/b.rs:1 function — fn beta() {}');
    });

    test('a .gitignore in a subfolder, and .git/info/exclude', async () => {
      write('src/.gitignore', '*.rs\n!b.rs\n');
      assert.equal(await references('needle'), 'No references to needle.');
      assert.equal(await symbols('beta'), 'src/b.rs:1 function — fn beta() {}');
      write('.git/info/exclude', 'src/\n');
      assert.equal(await symbols('beta'), 'No symbol matches beta.');
    });

    test('a renamed file, and a file renamed over another', async () => {
      renameSync(path.join(root, 'src/a.rs'), path.join(root, 'src/c.rs'));
      assert.equal(await references('needle'), 'src/c.rs:2: // needle');
      assert.equal(await symbols('alpha'), 'src/c.rs:1 function — fn alpha() {}');
      renameSync(path.join(root, 'src/c.rs'), path.join(root, 'src/b.rs'));
      assert.equal(await references('needle'), 'src/b.rs:2: // needle');
      assert.equal(await symbols('beta'), 'No symbol matches beta.');
      assert.equal(await symbols('alpha'), 'src/b.rs:1 function — fn alpha() {}');
    });
  });
}
