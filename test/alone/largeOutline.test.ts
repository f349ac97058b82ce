/**
 * A file over 1 MiB is outlined in a worker thread of its own, and kept in the index as a smaller
 * one. Its parse (some 1.3 MB of Rust) must keep to the parse budget, so it runs with nothing beside it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { outlineDefinitions, outlineDefinitionsHere } from '../../src/definitions/engine.js';
import { outlineInWorker } from '../../src/definitions/isolatedOutline.js';
import { indexSettings, openIndexStore } from '../../src/index/index.js';
import { indexedDefinitions } from '../../src/index/indexedOutlines.js';
import { loadLanguages } from '../../src/definitions/manifest.js';
import { fixture } from '../helpers.js';

describe('a file over 1 MiB', () => {
  // 15,000 modules of one function each: some 1.3 MB of Rust.
  const text = Array.from({ length: 15_000 }, (_, i) => `mod module_${i} {\n    pub fn function_${i}(value: u64) -> u64 { value + ${i} }\n}\n`).join('');
  const languages = loadLanguages();

  test('is outlined in a worker of its own, as this thread outlines it', async () => {
    assert.ok(text.length > 1 << 20);
    const here = await outlineDefinitionsHere(languages, 'big.rs', text);
    assert.equal(here.length, 30_000);
    assert.deepEqual(here.slice(-2), [
      { line: 44_998, startLine: 44_998, endLine: 45_000, kind: 'module', name: 'module_14999', depth: 0 },
      { line: 44_999, startLine: 44_999, endLine: 44_999, kind: 'function', name: 'function_14999', depth: 1 },
    ]);
    assert.deepEqual(await outlineInWorker(languages, 'big.rs', text), { definitions: here, fellBack: false });
    assert.deepEqual(await outlineDefinitions(languages, 'big.rs', text), here);
  });

  test('is kept in the index, as a smaller file is: its next outline is read from there', async () => {
    const store = openIndexStore(indexSettings({}, assert.fail), fixture('outline'), assert.fail);
    let made = 0;
    const make = (onFallback: () => void) => {
      made++;
      return outlineDefinitions(languages, 'big.rs', text, onFallback);
    };
    const bytes = Buffer.from(text);
    const first = await indexedDefinitions(store, languages, 'big.rs', bytes, make);
    assert.deepEqual(await indexedDefinitions(store, languages, 'big.rs', bytes, make), first);
    assert.equal(made, 1);
    store.close();
  });
});
