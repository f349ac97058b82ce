import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Definition } from '../src/definitions/definition.js';
import { innermostHolding } from '../src/tools/enclosing.js';
import { findReferences } from '../src/tools/findReferences.js';
import { temporaryProject } from './helpers.js';

/** An answer with enclosing written back as the plain answer's lines: `path:line: text`, and the trailer. */
function asPlain(answer: string): string[] {
  let file = '';
  return answer.split('\n').flatMap((line) => {
    if (line.startsWith('  ')) return [`${file}:${line.slice(2)}`];
    if (line.startsWith('…')) return [line];
    file = line.replace(/:\d+-\d+ .*$/, '');
    return [];
  });
}

const SERVICE = `import { fetchUser } from './api';

export class UserService {
  async load(id: string) {
    const user = await fetchUser(id);
    function format() {
      return fetchUser.name;
    }
    return format();
  }
}

fetchUser('boot');
`;

describe('find_references with enclosing', () => {
  test('each line under the innermost definition holding it; file-level lines under the path alone', async () => {
    const project = temporaryProject({ 'service.ts': SERVICE });
    assert.equal(
      await findReferences(project, { name: 'fetchUser', enclosing: true }),
      [
        'service.ts',
        "  1: import { fetchUser } from './api';",
        'service.ts:4-10 method load',
        '  5: const user = await fetchUser(id);',
        'service.ts:6-8 function format',
        '  7: return fetchUser.name;',
        'service.ts',
        "  13: fetchUser('boot');",
      ].join('\n'),
    );
  });

  test("a file the keyword scanner outlines, and one whose parse has errors, by their outlines' ranges", async () => {
    const project = temporaryProject({
      'build.v': 'fn run() {\n  fetchUser()\n}\n',
      'broken.ts': 'export function broken( {\n  fetchUser(\n}\n\nexport function after() {\n  return fetchUser;\n}\n',
    });
    assert.equal(
      await findReferences(project, { name: 'fetchUser', enclosing: true }),
      [
        'broken.ts:1-3 function broken',
        '  2: fetchUser(',
        'broken.ts:5-7 function after',
        '  6: return fetchUser;',
        'build.v:1-3 function run',
        '  2: fetchUser()',
      ].join('\n'),
    );
  });

  test('the same lines, in the same order and bound, as without it', async () => {
    const body = Array.from({ length: 50 }, (_, i) => `function f${i}() {\n  return needle;\n}\n`).join('');
    const project = temporaryProject({ 'a.js': body, 'b.txt': 'needle\n'.repeat(40) });
    const plain = await findReferences(project, { name: 'needle' });
    const enclosed = await findReferences(project, { name: 'needle', enclosing: true });
    assert.deepEqual(asPlain(enclosed), plain.split('\n'));
    assert.equal(plain.split('\n').length, 81);
    assert.equal(plain.split('\n')[80], '… more; narrow it with path');
    assert.equal(enclosed.split('\n').filter((line) => line.startsWith('a.js:')).length, 50);
    assert.equal(enclosed.split('\n').filter((line) => line === 'b.txt').length, 1);
  });
});

describe('innermostHolding', () => {
  const entry = (line: number, endLine: number, depth: number, name: string): Definition => ({ line, startLine: line, endLine, kind: 'function', name, depth });
  const definitions = [entry(1, 10, 0, 'outer'), entry(2, 4, 1, 'first'), entry(6, 8, 1, 'second'), entry(7, 7, 2, 'inner'), entry(12, 13, 0, 'next')];

  test('the deepest definition whose lines include the line', () => {
    assert.equal(innermostHolding(definitions, 3)?.name, 'first');
    assert.equal(innermostHolding(definitions, 5)?.name, 'outer');
    assert.equal(innermostHolding(definitions, 7)?.name, 'inner');
    assert.equal(innermostHolding(definitions, 8)?.name, 'second');
    assert.equal(innermostHolding(definitions, 13)?.name, 'next');
  });

  test('none outside every definition', () => {
    assert.equal(innermostHolding(definitions, 11), undefined);
    assert.equal(innermostHolding(definitions, 14), undefined);
    assert.equal(innermostHolding([], 1), undefined);
  });
});
