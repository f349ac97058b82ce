import assert from 'node:assert/strict';
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { openProject } from '../src/session/project.js';
import { findReferences } from '../src/tools/findReferences.js';
import { findSymbol } from '../src/tools/findSymbol.js';
import { outline } from '../src/tools/outline.js';
import { isRefusal } from '../src/tools/toolError.js';
import { fixture, temporaryProject } from './helpers.js';

const project = openProject(fixture('project'));

async function rejectsWith(promise: Promise<unknown>, message: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(isRefusal(error), `expected a refusal, got ${String(error)}`);
    assert.equal(error.message, message);
    return true;
  });
}

describe('outline', () => {
  test('a Rust file through the keyword scanner', async () => {
    assert.equal(
      await outline(project, { path: 'src/rpc.rs' }),
      ['4 enum Incoming', '9 struct Rpc', '13 impl Rpc', '  14 method spawn', '  18 method call', '26 function handoff_prompt'].join('\n'),
    );
  });

  test('an absolute path inside the project is accepted', async () => {
    assert.match(await outline(project, { path: path.join(project.root, 'src/rpc.rs') }), /^4 enum Incoming/);
  });

  test('a file with no declarations', async () => {
    assert.equal(await outline(project, { path: 'docs/notes.txt' }), 'No declarations.');
  });

  test('errors: outside, directory, missing', async () => {
    await rejectsWith(outline(project, { path: '../x' }), 'Path is outside the project: ../x');
    await rejectsWith(outline(project, { path: '/etc/passwd' }), 'Path is outside the project: /etc/passwd');
    await rejectsWith(outline(project, { path: 'src' }), 'src is a directory, not a file.');
    await rejectsWith(outline(project, { path: 'src/missing.rs' }), 'No such file: src/missing.rs');
  });

  test('a link that leaves the project is refused', async () => {
    const linked = temporaryProject({ 'a.rs': 'fn a() {}\n' });
    symlinkSync('/etc/hostname', path.join(linked.root, 'out.rs'));
    await rejectsWith(outline(linked, { path: 'out.rs' }), 'Path is outside the project (through a symbolic link): out.rs');
  });

  test('a binary file is refused', async () => {
    const binary = temporaryProject({ 'blob.rs': 'fn a() {}\0\n' });
    await rejectsWith(outline(binary, { path: 'blob.rs' }), 'blob.rs is a binary file.');
  });

  test('more than 1,000 entries: the first 1,000, then a count of the rest', async () => {
    const many = temporaryProject({ 'many.rs': Array.from({ length: 1003 }, (_, i) => `fn f${i}() {}\n`).join('') });
    const lines = (await outline(many, { path: 'many.rs' })).split('\n');
    assert.equal(lines.length, 1001);
    assert.equal(lines[999], '1000 function f999');
    assert.equal(lines[1000], '… 3 more entries');
  });
});

describe('find_symbol', () => {
  test('exact matches in path order, with the trimmed source line', async () => {
    assert.equal(
      await findSymbol(project, { name: 'handoff_prompt' }),
      [
        'src/handoff.py:9 function — def handoff_prompt(task):',
        'src/rpc.rs:26 function — pub fn handoff_prompt(rpc: &mut Rpc) -> String {',
      ].join('\n'),
    );
  });

  test('without an exact match, names containing the text, ignoring case', async () => {
    assert.equal(
      await findSymbol(project, { name: 'rpc' }),
      ['No exact match; names containing it:', 'src/rpc.rs:9 struct — pub struct Rpc {', 'src/rpc.rs:13 impl — impl Rpc {'].join('\n'),
    );
  });

  test('a qualified name matches its last segment', async () => {
    const go = temporaryProject({ 'rpc.go': 'package rpc\n\nfunc (r *Rpc) Call() {}\n' });
    assert.equal(await findSymbol(go, { name: 'Call' }), 'rpc.go:3 method — func (r *Rpc) Call() {}');
    assert.equal(await findSymbol(go, { name: 'Rpc.Call' }), 'rpc.go:3 method — func (r *Rpc) Call() {}');
  });

  test('nothing at all', async () => {
    assert.equal(await findSymbol(project, { name: 'nowhere_defined' }), 'No symbol matches nowhere_defined.');
  });

  test('prose and data files define nothing', async () => {
    assert.equal(await findSymbol(project, { name: 'Fake' }), 'No symbol matches Fake.');
  });

  test('at most 40 results, then "… more"', async () => {
    const many = temporaryProject({ 'many.rs': Array.from({ length: 45 }, () => 'fn target() {}\n').join('') });
    const lines = (await findSymbol(many, { name: 'target' })).split('\n');
    assert.equal(lines.length, 41);
    assert.equal(lines[39], 'many.rs:40 function — fn target() {}');
    assert.equal(lines[40], '… more');
  });

  test('a source line over 200 characters is cut with …', async () => {
    const long = temporaryProject({ 'long.ts': `export function long(${'a'.repeat(300)}) {}\n` });
    const [line] = (await findSymbol(long, { name: 'long' })).split('\n');
    const shown = line!.split(' — ')[1]!;
    assert.equal(shown.length, 201);
    assert.ok(shown.endsWith('…'));
  });
});

describe('find_symbol of tests', () => {
  const tests = temporaryProject({
    'chart.test.ts': "describe('flow chart creation', () => {\n  it('creates a node', () => {});\n  it('handles a.b', () => {});\n});\nfunction b() {}\n",
    'parser_test.cc': 'TEST_F(ParserTest, ReadsPairs) {\n}\n',
  });

  test('by the whole description, exactly', async () => {
    assert.equal(await findSymbol(tests, { name: 'creates a node' }), "chart.test.ts:2 test — it('creates a node', () => {});");
  });

  test('by a word of its description, among the names containing it', async () => {
    assert.equal(
      await findSymbol(tests, { name: 'chart' }),
      "No exact match; names containing it:\nchart.test.ts:1 suite — describe('flow chart creation', () => {",
    );
  });

  test("googletest's Suite.Name by its test name; a description's last word after a dot is no qualified name", async () => {
    assert.equal(await findSymbol(tests, { name: 'ReadsPairs' }), 'parser_test.cc:1 test — TEST_F(ParserTest, ReadsPairs) {');
    assert.equal(await findSymbol(tests, { name: 'b' }), 'chart.test.ts:5 function — function b() {}');
  });
});

describe('find_references', () => {
  test('whole-word lines of every searched text file, in path order', async () => {
    assert.equal(
      await findReferences(project, { name: 'handoff_prompt' }),
      [
        'README.md:3: A small project for the tool tests. `handoff_prompt` is documented here.',
        'README.md:7: Call handoff_prompt from Rust or Python.',
        'docs/notes.txt:1: handoff_prompt appears in prose too, and prose defines nothing.',
        "src/client.ts:12: // handoff_prompt is the Rust side's name for this.",
        'src/handoff.py:6: return handoff_prompt(task)',
        'src/handoff.py:9: def handoff_prompt(task):',
        'src/rpc.rs:26: pub fn handoff_prompt(rpc: &mut Rpc) -> String {',
      ].join('\n'),
    );
  });

  test('part of a longer word does not count; case matters', async () => {
    const words = temporaryProject({ 'a.txt': 'handoffs\nHandoff\nhandoff_x\nxhandoff\né handoff é\nhandoffé\n' });
    assert.equal(await findReferences(words, { name: 'handoff' }), 'a.txt:5: é handoff é');
  });

  test('path globs: by name at any depth, from the root, and excluded', async () => {
    assert.equal(
      await findReferences(project, { name: 'handoff_prompt', path: '*.py' }),
      ['src/handoff.py:6: return handoff_prompt(task)', 'src/handoff.py:9: def handoff_prompt(task):'].join('\n'),
    );
    assert.equal(
      await findReferences(project, { name: 'handoff_prompt', path: 'src/**, !*.py,!*.ts' }),
      'src/rpc.rs:26: pub fn handoff_prompt(rpc: &mut Rpc) -> String {',
    );
    assert.equal(
      await findReferences(project, { name: 'handoff_prompt', path: 'docs' }),
      'docs/notes.txt:1: handoff_prompt appears in prose too, and prose defines nothing.',
    );
    assert.equal(await findReferences(project, { name: 'handoff_prompt', path: '*.{py,rs}' }).then((t) => t.split('\n').length), 3);
  });

  test('a glob that matches nothing finds nothing', async () => {
    assert.equal(await findReferences(project, { name: 'handoff_prompt', path: '*.zig' }), 'No references to handoff_prompt.');
  });

  test('nothing found', async () => {
    assert.equal(await findReferences(project, { name: 'nowhere_used' }), 'No references to nowhere_used.');
  });

  test('at most 80 lines, then the trailer', async () => {
    const many = temporaryProject({ 'many.txt': 'needle\n'.repeat(85) });
    const lines = (await findReferences(many, { name: 'needle' })).split('\n');
    assert.equal(lines.length, 81);
    assert.equal(lines[79], 'many.txt:80: needle');
    assert.equal(lines[80], '… more; narrow it with path');
  });

  test('a long line is cut to 200 characters around the first match', async () => {
    const long = temporaryProject({ 'long.txt': `${'x'.repeat(500)} needle ${'y'.repeat(500)}\n` });
    const text = (await findReferences(long, { name: 'needle' })).slice('long.txt:1: '.length);
    assert.ok(text.startsWith('…') && text.endsWith('…'), text);
    assert.equal(text.length, 202);
    assert.ok(text.includes(' needle '));
  });

  test('CRLF line endings and a byte-order mark do not show', async () => {
    const crlf = temporaryProject({ 'a.txt': '\ufeffneedle first\r\nsecond\r\nneedle third\r\n' });
    assert.equal(await findReferences(crlf, { name: 'needle' }), 'a.txt:1: needle first\na.txt:3: needle third');
  });
});
