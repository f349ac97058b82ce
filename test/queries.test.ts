/** Every query of the manifest compiles, and uses only the capture names of the convention. */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseCaptureName } from '../src/definitions/captures.js';
import { PACKAGE_LANGUAGE_ROOT, readManifest } from '../src/definitions/manifest.js';
import { loadGrammar, QueryError } from '../src/definitions/treeSitter.js';

describe('outline queries of the manifest', () => {
  for (const entry of readManifest(PACKAGE_LANGUAGE_ROOT).grammars) {
    test(`${entry.name}: compiles, with only known captures, and finds something`, async () => {
      const grammar = await loadGrammar(entry);
      // A component's markup lists nothing of its own: what it outlines is the code its injections find.
      const finds = grammar.outline.captureNames.length > 0 || grammar.injections?.captureNames.includes('injection.content') === true;
      assert.ok(finds, 'the query captures nothing');
      for (const name of grammar.outline.captureNames) assert.ok(!(parseCaptureName(name) instanceof Error), `@${name}`);
    });
  }
});

describe('a query outside the convention is refused, naming the file and the capture', () => {
  const rust = readManifest(PACKAGE_LANGUAGE_ROOT).grammars.find((entry) => entry.name === 'rust')!;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-query-'));

  function compile(source: string): () => Promise<unknown> {
    const file = path.join(folder, `${Math.random().toString(36).slice(2)}.scm`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, source);
    return async () => {
      await loadGrammar({ ...rust, outlineQueries: [file] });
    };
  }

  test('an unknown kind', async () => {
    await assert.rejects(compile('(function_item name: (identifier) @variable.name) @variable'), (error: unknown) => {
      assert.ok(error instanceof QueryError);
      assert.match(error.message, /\.scm: @variable\.name: unknown kind "variable"/);
      return true;
    });
  });

  test('an unknown role', async () => {
    await assert.rejects(compile('(function_item name: (identifier) @function.label) @function'), /@function\.label: use @function, @function\.name or @function\.scope/);
  });

  test('a node type the grammar does not have', async () => {
    await assert.rejects(compile('(no_such_node) @function'), (error: unknown) => error instanceof QueryError);
  });

  test('a capture for predicates only is allowed', async () => {
    await compile('((const_item name: (identifier) @const.name) @const (#match? @const.name "^[A-Z]"))')();
    await compile('((const_item name: (identifier) @_n) @const @const.name)')();
  });
});

describe('an injections query outside the convention is refused, naming the file', () => {
  const vue = readManifest(PACKAGE_LANGUAGE_ROOT).grammars.find((entry) => entry.name === 'vue')!;
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-injections-'));

  function compile(source: string): () => Promise<unknown> {
    const file = path.join(folder, `${Math.random().toString(36).slice(2)}.scm`);
    writeFileSync(file, source);
    return async () => {
      await loadGrammar({ ...vue, injectionsQuery: file });
    };
  }

  test('a capture other than @injection.content, @injection.language and helpers', async () => {
    await assert.rejects(compile('(script_element (raw_text) @function)'), (error: unknown) => {
      assert.ok(error instanceof QueryError);
      assert.match(error.message, /\.scm: @function: an injections query captures @injection\.content, @injection\.language or @_helper/);
      return true;
    });
  });

  test('a predicate the engine does not apply', async () => {
    await assert.rejects(compile('((script_element (raw_text) @injection.content) (#has-parent? @injection.content component))'), /\.scm: unknown predicate #has-parent\?/);
  });

  test('the convention\'s captures and #set! are allowed', async () => {
    await compile('((script_element (raw_text) @injection.content) (#set! injection.language "javascript"))')();
    await compile('(script_element (start_tag (attribute (attribute_value) @injection.language)) (raw_text) @injection.content)')();
  });
});
