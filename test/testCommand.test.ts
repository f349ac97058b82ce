/** `zumba test [DIR...]`: a query pack's golden cases, as a contributor outside this repository runs them. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { cliPath } from './helpers.js';

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** A pack adding `toy` (JSON's grammar, kept beside the manifest), with one passing and one failing case. */
function scratchPack(query = '(pair key: (string (string_content) @const.name)) @const\n'): string {
  const pack = mkdtempSync(path.join(os.tmpdir(), 'zumba-pack-'));
  const manifest = { grammars: [{ name: 'toy', scope: 'source.toy', 'file-types': ['toy'], wasm: './json.wasm', queries: { outline: 'queries/toy/outline.scm' } }] };
  write(path.join(pack, 'grammars', 'languages.json'), JSON.stringify(manifest));
  copyFileSync(createRequire(import.meta.url).resolve('tree-sitter-wasms/out/tree-sitter-json.wasm'), path.join(pack, 'grammars', 'json.wasm'));
  write(path.join(pack, 'queries', 'toy', 'outline.scm'), query);
  const cases = path.join(pack, 'test', 'fixtures', 'outline', 'toy');
  write(path.join(cases, 'flat.toy'), '{\n  "alpha": 1,\n  "beta": 2\n}\n');
  write(path.join(cases, 'flat.toy.outline'), '2 const alpha\n3 const beta\n');
  write(path.join(cases, 'nested.toy'), '{\n  "outer": {\n    "inner": 2\n  }\n}\n');
  // Written wrong on purpose: `inner` nests inside `outer`, and it is on line 3.
  write(path.join(cases, 'nested.toy.outline'), '2 const outer\n4 const inner\n');
  return pack;
}

function zumbaTest(...args: string[]) {
  return spawnSync(process.execPath, [cliPath, 'test', '--no-cache', ...args], { encoding: 'utf8', cwd: os.tmpdir() });
}

describe('zumba test', () => {
  test("a pass and a failure: the failure's unified diff, the count last, exit 1", () => {
    const pack = scratchPack();
    const run = zumbaTest(pack);
    assert.equal(run.status, 1, run.stderr);
    assert.equal(run.stderr, '');
    const shown = path.relative(os.tmpdir(), path.join(pack, 'test', 'fixtures', 'outline'));
    assert.equal(
      run.stdout,
      [
        `FAIL ${shown}/toy/nested.toy`,
        '--- toy/nested.toy.outline (expected)',
        '+++ toy/nested.toy (outline now)',
        '@@ -1,2 +1,2 @@',
        ' 2 const outer',
        '-4 const inner',
        '+  3 const inner',
        '',
        '1 passed, 1 failed',
        '',
      ].join('\n'),
    );
  });

  test('--update rewrites the failing expectation, says to read it, and then the pack passes', () => {
    const pack = scratchPack();
    const expectation = path.join(pack, 'test', 'fixtures', 'outline', 'toy', 'nested.toy.outline');
    const updated = zumbaTest('--update', pack);
    assert.equal(updated.status, 0, updated.stdout);
    assert.match(updated.stdout, /Rewrote 1 expectation with what the outlines are now:\n {2}\S*nested\.toy\.outline\nRead each one before you commit it/);
    assert.match(updated.stdout, /\n1 passed, 1 failed\n$/);
    assert.equal(readFileSync(expectation, 'utf8'), '2 const outer\n  3 const inner\n');
    assert.equal(readFileSync(expectation.replace('nested', 'flat'), 'utf8'), '2 const alpha\n3 const beta\n');
    const again = zumbaTest(pack);
    assert.deepEqual([again.status, again.stdout], [0, '2 passed, 0 failed\n']);
  });

  test('a case without its expectation fails, and --update writes it', () => {
    const pack = scratchPack();
    const cases = path.join(pack, 'test', 'fixtures', 'outline', 'toy');
    write(path.join(cases, 'new.toy'), '{ "solo": true }\n');
    const run = zumbaTest(pack);
    assert.equal(run.status, 1);
    assert.match(run.stdout, /FAIL \S*new\.toy\n {2}no new\.toy\.outline: write the outline you expect there/);
    assert.match(run.stdout, /\n\+1 const solo\n/);
    assert.equal(zumbaTest('--update', pack).status, 0);
    assert.equal(readFileSync(path.join(cases, 'new.toy.outline'), 'utf8'), '1 const solo\n');
  });

  test('a query that does not compile fails its cases, naming the query, exit 1 even with --update', () => {
    const pack = scratchPack('(pair key: (no_such_node) @const.name) @const\n');
    for (const args of [[pack], ['--update', pack]]) {
      const run = zumbaTest(...args);
      assert.equal(run.status, 1);
      assert.equal(run.stderr, '');
      assert.match(run.stdout, /FAIL \S*flat\.toy\n {2}toy: \S*queries\/toy\/outline\.scm: .*no_such_node/);
      assert.match(run.stdout, /\n0 passed, 2 failed\n$/);
    }
  });

  test('a folder that is missing, or holds no cases: bad usage, exit 2', () => {
    const missing = zumbaTest(path.join(os.tmpdir(), 'zumba-no-such-pack'));
    assert.equal(missing.status, 2);
    assert.match(missing.stderr, /^zumba: test: no such folder: /);
    const empty = zumbaTest(mkdtempSync(path.join(os.tmpdir(), 'zumba-empty-pack-')));
    assert.equal(empty.status, 2);
    assert.match(empty.stderr, /has no cases: they go in \S*test\/fixtures\/outline\/<language>\//);
  });

  test("without a folder, this package's own cases, as its test suite runs them", () => {
    const run = zumbaTest();
    assert.equal(run.status, 0, run.stdout);
    assert.match(run.stdout, /^\d+ passed, 0 failed\n$/);
  });
});
