import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { keywordDefinitions } from '../src/definitions/keywordScanner.js';
import { openProject } from '../src/project/project.js';
import { outline, renderOutline } from '../src/tools/outline.js';
import { goldenCases } from './golden.js';
import { fixture } from './helpers.js';

describe('outline golden files (test/fixtures/outline/<language>/<case>)', () => {
  const root = fixture('outline');
  const project = openProject(root);
  for (const golden of goldenCases(root)) {
    test(golden.relative, async () => {
      assert.notEqual(golden.expected, undefined, `missing ${golden.relative}.outline`);
      assert.equal(await outline(project, { path: golden.relative }), golden.expected);
    });
  }
});

describe('keyword scanner golden files (test/fixtures/keyword-scanner/<case>)', () => {
  for (const golden of goldenCases(fixture('keyword-scanner'))) {
    test(golden.relative, () => {
      assert.notEqual(golden.expected, undefined, `missing ${golden.relative}.outline`);
      assert.equal(renderOutline(keywordDefinitions(readFileSync(golden.absolute, 'utf8'))), golden.expected);
    });
  }
});
