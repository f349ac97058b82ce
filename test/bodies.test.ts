/**
 * Ranges and bodies through the built server, as a client asks for them (the SDK's Client), and
 * through the one-shot commands: `outline {ranges}`, `find_symbol {body}` with its caps.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { MAX_BODY_ANSWER } from '../src/tools/findSymbol.js';
import { cliPath } from './helpers.js';

function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  assert.equal(content.length, 1);
  return content[0]!.text;
}

/** `def <name>():` with `lines` body lines, each `    x = <n>  # <padding>`. */
function pythonFunction(name: string, lines: number, padding = ''): string {
  return [`def ${name}():`, ...Array.from({ length: lines }, (_, i) => `    x = ${i}  # ${padding}`)].join('\n') + '\n';
}

function makeProject(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-bodies-'));
  writeFileSync(
    path.join(root, 'service.py'),
    ['import functools', '', '', '@functools.cache', '@register(', '    "svc")', 'def lookup(key):', '\tif key:', '\t\treturn 1', '\treturn 2', '\t# a comment after the last statement', '', '', 'class Store:', '    def get(self):', '        pass', ''].join('\n'),
  );
  writeFileSync(path.join(root, 'windows.ts'), 'export function crlf(a: number): number {\r\n  return a;\r\n}\r\n');
  writeFileSync(path.join(root, 'long.py'), pythonFunction('long_one', 250));
  mkdirSync(path.join(root, 'many'));
  for (let i = 0; i < 12; i++) writeFileSync(path.join(root, 'many', `m${String(i).padStart(2, '0')}.py`), pythonFunction('handler', 2));
  mkdirSync(path.join(root, 'big'));
  for (let i = 0; i < 10; i++) writeFileSync(path.join(root, 'big', `b${i}.py`), pythonFunction('heavy', 150, 'p'.repeat(80)));
  return root;
}

describe('ranges and bodies through the server', () => {
  let client: Client;
  const root = makeProject();
  const call = async (name: string, args: Record<string, unknown>) => textOf(await client.callTool({ name, arguments: args }));

  before(async () => {
    client = new Client({ name: 'zumba-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', root, '--no-cache'], stderr: 'pipe' }));
  });

  after(async () => {
    await client.close();
  });

  test('outline with ranges gives each entry its last line; without, the text is as before', async () => {
    assert.equal(await call('outline', { path: 'service.py', ranges: true }), '7-10 function lookup\n14-16 class Store\n  15-16 method get');
    assert.equal(await call('outline', { path: 'service.py' }), '7 function lookup\n14 class Store\n  15 method get');
    assert.equal(await call('outline', { path: 'service.py', ranges: false }), '7 function lookup\n14 class Store\n  15 method get');
  });

  test('a body runs from the first decorator to the last statement, tabs and indentation as written', async () => {
    assert.equal(
      await call('find_symbol', { name: 'lookup', body: true }),
      ['service.py:7 function — def lookup(key):', '4\t@functools.cache', '5\t@register(', '6\t    "svc")', '7\tdef lookup(key):', '8\t\tif key:', '9\t\t\treturn 1', '10\t\treturn 2'].join('\n'),
    );
    assert.equal(await call('find_symbol', { name: 'lookup' }), 'service.py:7 function — def lookup(key):');
  });

  test('a body in a CRLF file has no carriage returns', async () => {
    assert.equal(
      await call('find_symbol', { name: 'crlf', body: true }),
      'windows.ts:1 function — export function crlf(a: number): number {\n1\texport function crlf(a: number): number {\n2\t  return a;\n3\t}',
    );
  });

  test('a body is cut after 200 lines, saying which are not shown', async () => {
    const lines = (await call('find_symbol', { name: 'long_one', body: true })).split('\n');
    assert.equal(lines.length, 1 + 200 + 1);
    assert.equal(lines[1], '1\tdef long_one():');
    assert.equal(lines[200], '200\t    x = 198  # ');
    assert.equal(lines[201], '… lines 201–251 not shown');
  });

  test('bodies for the first 10 results only', async () => {
    const lines = (await call('find_symbol', { name: 'handler', body: true })).split('\n');
    const results = lines.filter((line) => /^many\/m\d\d\.py:1 function — /.test(line));
    assert.equal(results.length, 12);
    // Ten results with three body lines each, then two with none.
    assert.equal(lines.length, 12 + 10 * 3);
    assert.deepEqual(lines.slice(-3), ['3\t    x = 1  # ', 'many/m10.py:1 function — def handler():', 'many/m11.py:1 function — def handler():']);
  });

  test('the whole answer stays within its limit: a body that does not fit is cut, and what is not shown is said', async () => {
    const text = await call('find_symbol', { name: 'heavy', body: true });
    const lines = text.split('\n');
    const notes = lines.filter((line) => /^… lines \d+–151 not shown$/.test(line));
    assert.equal(lines.filter((line) => line.startsWith('big/b')).length, 10);
    assert.ok(notes.length >= 1, 'some body is cut');
    assert.ok(text.length - notes.join('\n').length <= MAX_BODY_ANSWER, `${text.length} characters`);
    assert.equal(lines[1], '1\tdef heavy():');
  });
});

describe('ranges and bodies on the command line', () => {
  const root = makeProject();
  const zumba = (...args: string[]) => spawnSync(process.execPath, [cliPath, ...args, '--project', root, '--no-cache'], { encoding: 'utf8' });

  test('zumba outline --ranges and zumba find-symbol --body print what the tools return', () => {
    assert.deepEqual(
      [zumba('outline', '--ranges', 'service.py').stdout, zumba('find-symbol', '--body', 'get').stdout],
      ['7-10 function lookup\n14-16 class Store\n  15-16 method get\n', 'service.py:15 method — def get(self):\n15\t    def get(self):\n16\t        pass\n'],
    );
  });
});
