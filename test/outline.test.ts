import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { outlineDefinitionsHere } from '../src/definitions/engine.js';
import { keywordDefinitions } from '../src/definitions/keywordScanner.js';
import { loadLanguages } from '../src/definitions/manifest.js';
import { openProject } from '../src/session/project.js';
import { renderOutline, upperLevels } from '../src/tools/outline.js';
import { goldenCases, runCase } from '../src/goldens/goldenCases.js';
import { fixture } from './helpers.js';

describe('outline golden files (test/fixtures/outline/<language>/<case>), as `zumba test` runs them', () => {
  const root = fixture('outline');
  const project = openProject(root);
  for (const golden of goldenCases(root)) {
    test(golden.relative, async () => {
      const result = await runCase(project, golden);
      assert.equal(result.problem, undefined);
      for (const check of result.checks) {
        assert.notEqual(check.expected, undefined, `missing ${check.expectation}`);
        assert.equal(check.actual, check.expected, check.expectation);
      }
    });
  }
});

describe('keyword scanner golden files (test/fixtures/keyword-scanner/<case>)', () => {
  for (const golden of goldenCases(fixture('keyword-scanner'))) {
    test(golden.relative, () => {
      assert.notEqual(golden.expected, undefined, `missing ${golden.relative}.outline`);
      assert.equal(renderOutline(keywordDefinitions(readFileSync(golden.absolute, 'utf8'))), golden.expected);
    });
    if (golden.expectedRanges !== undefined) {
      test(`${golden.relative} with ranges`, () => {
        assert.equal(renderOutline(keywordDefinitions(readFileSync(golden.absolute, 'utf8')), true), golden.expectedRanges);
      });
    }
  }
});

describe('a file of more function bodies than a parse leaves out as ranges (the shortest are read as spaces)', () => {
  // 1,500 functions, one of every ten with a long body; each body holds a string with a brace and an item.
  const body = (i: number) => `    let text = "} {";\n${i % 10 === 0 ? '    let sum = 1 + 2 + 3;\n'.repeat(20) : ''}    struct Inner${i};\n`;
  const text = Array.from({ length: 1_500 }, (_, i) => `fn function_${i}() {\n${body(i)}}\n`).join('');
  const lineOf = (i: number) => Array.from({ length: i }, (_, j) => body(j).split('\n').length + 1).reduce((sum, lines) => sum + lines, 1);

  test('lists every function and the item in its body, at their lines', async () => {
    const definitions = await outlineDefinitionsHere(loadLanguages(), 'many.rs', text);
    assert.equal(definitions.length, 3_000);
    for (const i of [0, 1, 999, 1_000, 1_499]) {
      const at = definitions.findIndex((d) => d.name === `function_${i}`);
      assert.deepEqual(
        definitions.slice(at, at + 2).map(({ line, kind, name, depth }) => ({ line, kind, name, depth })),
        [
          { line: lineOf(i), kind: 'function', name: `function_${i}`, depth: 0 },
          { line: lineOf(i + 1) - 2, kind: 'struct', name: `Inner${i}`, depth: 1 },
        ],
      );
    }
  });
});

describe("a data file's outline over the cap: its upper levels first", () => {
  const entry = (depth: number, line: number) => ({ line, startLine: line, endLine: line, kind: 'key' as const, name: `k${line}`, depth });
  // Two top-level keys, each holding three keys of five leaves each: 2 + 6 + 30 entries.
  const tree = [0, 1].flatMap((top) => [
    entry(0, top * 100),
    ...[0, 1, 2].flatMap((middle) => [entry(1, top * 100 + middle * 10 + 1), ...[1, 2, 3, 4, 5].map((leaf) => entry(2, top * 100 + middle * 10 + 1 + leaf))]),
  ]);

  test('under the cap, every entry', () => {
    assert.equal(upperLevels(tree, 38), tree);
  });

  test('the two upper levels fit, the third does not: all of both, then the first of the third that fit', () => {
    assert.deepEqual(upperLevels(tree, 8), tree.filter((d) => d.depth <= 1));
    const kept = upperLevels(tree, 10);
    assert.deepEqual(kept.map((d) => d.line), [0, 1, 2, 3, 11, 21, 100, 101, 111, 121]);
    assert.equal(renderOutline(kept, false, tree.length).split('\n').at(-1), '… 28 more entries');
  });

  test('only the top level fits: all of it, then the first of the second; not even it: its first entries', () => {
    assert.deepEqual(upperLevels(tree, 3).map((d) => d.line), [0, 1, 100]);
    assert.deepEqual(upperLevels(tree, 1), [tree[0]]);
  });
});
