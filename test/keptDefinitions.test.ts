/** The compact form definitions are kept in gives back exactly what went in, less the nesting depth. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { KINDS, type Definition } from '../src/definitions/definition.js';
import { definitionSites, keepDefinitions } from '../src/definitions/keptDefinitions.js';

describe('kept definitions', () => {
  test('every kind, large line numbers and names of any text come back as they were, in order', () => {
    const at = (line: number) => ({ line, startLine: line, endLine: line });
    const definitions: Definition[] = KINDS.map((kind, i) => ({ kind, ...at(1 + i * 40_000), depth: i % 3, name: `${kind}_${i}` }));
    definitions.push(
      { kind: 'impl', ...at(3), depth: 0, name: 'Display for Point<T>' },
      { kind: 'method', ...at(4), depth: 1, name: 'Foo::bar' },
      { kind: 'heading', ...at(5), depth: 0, name: 'Ünïcode — “quoted” 🎉' },
      { kind: 'const', ...at(500_000), depth: 2, name: '' },
    );
    const kept = keepDefinitions(definitions);
    assert.deepEqual([...definitionSites(kept)], definitions.map(({ line, kind, name }) => ({ line, kind, name })));
    assert.ok(kept.names.includes('Foo::bar'));
  });

  test('a file without definitions keeps nothing', () => {
    const kept = keepDefinitions([]);
    assert.equal(kept.names, '');
    assert.deepEqual([...definitionSites(kept)], []);
  });
});
