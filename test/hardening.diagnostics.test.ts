/**
 * A hostile diagnostics file: missing, empty, truncated, 50 MB, of the wrong shape, not a file, or
 * replaced while a call reads it. Each call gives `No diagnostics.`, the diagnostics, or an error
 * naming the file (SPEC §3 diagnostics), through the tool, the command and the server; never a crash.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { after, describe, test } from 'node:test';
import { openProject, type Project } from '../src/session/project.js';
import { MAX_DIAGNOSTIC_LINES, MAX_MESSAGE } from '../src/tools/diagnostics.js';
import { cliPath } from './helpers.js';
import { callTool, runCli, temporaryFolder } from './hostile.js';

let inputs = 0;

const root = temporaryFolder();
const folder = temporaryFolder();
const file = path.join(folder, 'diagnostics.json');
const project = openProject(root, { diagnosticsFile: file });

type Expected = string | RegExp;

/** What the tool answers for the file as it now is: `[text, isError]`. */
async function current(target: Project = project): Promise<[string, boolean]> {
  const result = await callTool(target, 'diagnostics', {});
  return [result.text, result.isError];
}

/** Writes the file (a string or bytes as they are), and checks the answer. */
async function expectFor(content: string | Buffer, expected: Expected, isError: boolean): Promise<void> {
  inputs++;
  fs.rmSync(file, { recursive: true, force: true });
  fs.writeFileSync(file, content);
  const [text, error] = await current();
  const label = typeof content === 'string' ? JSON.stringify(content.slice(0, 80)) : `${content.length} bytes`;
  if (typeof expected === 'string') assert.equal(text, expected, label);
  else assert.match(text, expected, label);
  assert.equal(error, isError, `${label}: ${text.slice(0, 300)}`);
}

const cannotParse = (problem: string) => new RegExp(`^Cannot parse diagnostics file ${escape(file)}: ${problem}`);
const wrongShape = cannotParse('none of the accepted shapes');
function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `count` flat records over a few files, each message `size` characters. */
function records(count: number, size = 80): { file: string; line: number; column: number; severity: string; message: string }[] {
  return Array.from({ length: count }, (_, i) => ({ file: `src/f${i % 100}.ts`, line: i + 1, column: 1, severity: 'error', message: `m${i} ${'x'.repeat(size)}` }));
}

describe('missing, empty, truncated', () => {
  test('missing, empty, blank, or a BOM alone: No diagnostics.', async () => {
    inputs++;
    fs.rmSync(file, { force: true });
    assert.deepEqual(await current(), ['No diagnostics.', false]);
    for (const content of ['', ' ', '\n\r\n\t', '\ufeff', '\ufeff  \n']) await expectFor(content, 'No diagnostics.', false);
  });

  test('truncated mid-write, at twenty places: an error naming the file and the problem', { timeout: 30_000 }, async () => {
    const whole = JSON.stringify([
      { uri: 'file:///x/a.ts', diagnostics: [{ range: { start: { line: 1, character: 2 } }, message: 'first', severity: 1 }] },
      { uri: 'file:///x/b.ts', diagnostics: [{ range: { start: { line: 3, character: 4 } }, message: 'second', severity: 2 }] },
    ]);
    for (let cut = 1; cut <= 20; cut++) {
      const at = Math.floor((whole.length * cut) / 21);
      await expectFor(whole.slice(0, at), new RegExp(`^Cannot parse diagnostics file ${escape(file)}: .+`), true);
    }
    await expectFor(whole, '/x/a.ts:2:3: error: first\n/x/b.ts:4:5: warning: second', false);
  });
});

describe('50 MB', () => {
  test('of valid records: the first 200 lines and the trailer', { timeout: 60_000 }, async () => {
    const content = JSON.stringify(records(400_000, 100));
    assert.ok(content.length > 50_000_000, String(content.length));
    const [text, isError] = (inputs++, fs.writeFileSync(file, content), await current());
    assert.equal(isError, false);
    const lines = text.split('\n');
    assert.equal(lines.length, MAX_DIAGNOSTIC_LINES + 1);
    assert.equal(lines[0], `src/f0.ts:1:1: error: m0 ${'x'.repeat(100)}`);
    assert.equal(lines[1], `src/f0.ts:101:1: error: m100 ${'x'.repeat(100)}`);
    assert.equal(lines[MAX_DIAGNOSTIC_LINES], '… more; narrow it with path');
  });

  test('in one message: cut to 1,000 characters', { timeout: 60_000 }, async () => {
    await expectFor(JSON.stringify([{ file: 'a.ts', line: 1, message: 'y'.repeat(50_000_000) }]), `a.ts:1:1: error: ${'y'.repeat(MAX_MESSAGE)}…`, false);
  });

  test('of the wrong shape, of junk, and truncated: errors naming the file', { timeout: 60_000 }, async () => {
    await expectFor(`[${'1,'.repeat(25_000_000)}1]`, wrongShape, true);
    await expectFor('x'.repeat(50_000_000), cannotParse('Unexpected token'), true);
    const valid = JSON.stringify(records(400_000, 100));
    await expectFor(valid.slice(0, valid.length / 2), cannotParse('Unterminated string in JSON'), true);
  });
});

describe('the wrong shape', () => {
  test('top-level values that are none of the shapes', async () => {
    for (const content of ['42', '-1', '1e999', 'null', 'true', '"src/a.ts"', '["a", "b"]', '[1, 2]', '[[1, 2]]', '[null]', '{"a": 1}', '{"a": {"b": []}}', '[{"a": 1}]', '[[["x", []]]]']) {
      await expectFor(content, wrongShape, true);
    }
  });

  test('nested junk, 100,000 levels deep, of arrays and of objects', { timeout: 30_000 }, async () => {
    await expectFor('['.repeat(100_000) + ']'.repeat(100_000), wrongShape, true);
    await expectFor('{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000), wrongShape, true);
    const junk = '['.repeat(10_000) + ']'.repeat(10_000);
    await expectFor(`[{"file": "a.ts", "line": 1, "message": "deep", "data": ${junk}}]`, 'a.ts:1:1: error: deep', false);
  });

  test('numbers where strings are expected and strings where numbers are: those entries are skipped', async () => {
    const skipped = [
      { file: 42, line: 1, message: 'file a number' },
      { file: ['a.ts'], line: 1, message: 'file a list' },
      { file: 'a.ts', line: '3', message: 'line a string' },
      { file: 'a.ts', line: 1, message: 42 },
      { file: 'a.ts', line: 1, message: ['m'] },
      { file: 'a.ts', line: 1, message: { value: { value: 'nested' } } },
      { file: 'a.ts', line: 1e300, message: 'line too large' },
      { file: 'a.ts', line: 2 ** 53 + 2, message: 'line past 2^53' },
      { file: 'a.ts', line: -1, message: 'negative line' },
      { file: 'a.ts', line: 1.5, message: 'fractional line' },
      { file: 'a.ts', range: 'x', message: 'range a string' },
      { file: 'a.ts', range: [], message: 'range empty' },
      { file: 'a.ts', range: { start: null }, message: 'start null' },
      { file: 'a.ts', range: { start: { line: '1' } }, message: 'range line a string' },
      { uri: 5, diagnostics: [{ range: { start: { line: 0 } }, message: 'uri a number' }] },
      { file: 'a\nb.ts', line: 1, message: 'a line break in the name' },
      { uri: 'file:///x/a%0Ab.ts', line: 1, message: 'an encoded line break in the name' },
    ];
    inputs += skipped.length - 1;
    await expectFor(JSON.stringify([...skipped, { file: 'a.ts', line: 2, column: 2 ** 60, severity: { x: 1 }, message: 'kept' }]), 'a.ts:2:1: error: kept', false);
  });

  test('keys that are special to JavaScript objects are plain paths', async () => {
    await expectFor(
      '{"__proto__": [{"range": {"start": {"line": 0}}, "message": "p"}], "constructor": [{"range": {"start": {"line": 1}}, "message": "c"}]}',
      '__proto__:1:1: error: p\nconstructor:2:1: error: c',
      false,
    );
  });

  test('bytes that are not UTF-8 JSON', async () => {
    await expectFor(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('[]', 'utf16le')]), cannotParse('it contains a NUL byte'), true);
    await expectFor(Buffer.from([0x5b, 0xff, 0x5d]), cannotParse('Unexpected token'), true);
    await expectFor(Buffer.concat([Buffer.from('[{"file":"a.ts","line":1,"message":"caf'), Buffer.from([0xc3]), Buffer.from('"}]')]), 'a.ts:1:1: error: caf\ufffd', false);
    await expectFor('[] []', cannotParse('Unexpected non-whitespace character'), true);
  });
});

describe('not a regular file', () => {
  const servers: net.Server[] = [];
  after(() => servers.forEach((server) => server.close()));

  test('a folder, a FIFO, a socket, a device, a link loop: an error naming the file, without blocking', { timeout: 30_000 }, async () => {
    const cases: [string, () => void | Promise<void>, RegExp][] = [
      ['folder', () => fs.mkdirSync(file), /: not a regular file\.$/],
      ['FIFO', () => void execFileSync('mkfifo', [file]), /: not a regular file\.$/],
      ['socket', () => new Promise<void>((resolve) => servers.push(net.createServer().listen(file, resolve))), /: no such device or address/],
      ['device', () => fs.symlinkSync('/dev/zero', file), /: not a regular file\.$/],
      ['link loop', () => fs.symlinkSync(file, file), /: too many (levels of )?symbolic links/],
    ];
    for (const [kind, make, problem] of cases) {
      inputs++;
      fs.rmSync(file, { recursive: true, force: true });
      await make();
      const [text, isError] = await current();
      assert.ok(isError, `${kind}: ${text}`);
      assert.ok(text.startsWith(`Cannot read diagnostics file ${file}`), `${kind}: ${text}`);
      assert.match(text, problem, kind);
    }
    servers.splice(0).forEach((server) => server.close());
    fs.rmSync(file, { recursive: true, force: true });
  });
});

describe('replaced while calls read it', () => {
  /** Versions a writer cycles through, and the answer each gives. */
  const versions = [
    [[{ file: 'a.ts', line: 1, message: 'one' }], 'a.ts:1:1: error: one'],
    [records(2000), undefined],
    [[], 'No diagnostics.'],
    [[{ file: 'b.ts', line: 2, message: 'two' }], 'b.ts:2:1: error: two'],
  ] as const;

  /** Starts a process that writes the versions over the file for `ms`, the way `how` says. */
  function writer(how: 'rename' | 'in place', ms: number): { done: Promise<void> } {
    const sources = versions.map(([content], index) => {
      const source = path.join(folder, `version-${index}.json`);
      fs.writeFileSync(source, JSON.stringify(content));
      return source;
    });
    const script = `
      const fs = require('node:fs');
      const [file, how, ms, ...sources] = process.argv.slice(1);
      const contents = sources.map((source) => fs.readFileSync(source));
      const end = Date.now() + Number(ms);
      for (let i = 0; Date.now() < end; i++) {
        const content = contents[i % contents.length];
        if (how === 'rename') { fs.writeFileSync(file + '.tmp', content); fs.renameSync(file + '.tmp', file); }
        else fs.writeFileSync(file, content);
      }`;
    const child = spawn(process.execPath, ['-e', script, file, how, String(ms), ...sources], { stdio: 'ignore' });
    return { done: new Promise((resolve) => child.on('exit', () => resolve())) };
  }

  const firstLines = new Map(versions.map(([content, text]) => [(text ?? `src/f0.ts:1:1: error: m0 ${'x'.repeat(80)}`).split('\n')[0], content]));

  test('renamed over it: every answer is one whole version', { timeout: 30_000 }, async () => {
    fs.writeFileSync(file, '[]');
    const { done } = writer('rename', 1500);
    let running = true;
    void done.then(() => (running = false));
    while (running) {
      const [text, isError] = await current();
      assert.equal(isError, false, text);
      assert.ok(firstLines.has(text.split('\n')[0]!), text.slice(0, 200));
      await new Promise((resolve) => setImmediate(resolve));
    }
    inputs++;
  });

  test('rewritten in place: a whole version, an error naming the file, or diagnostics of a torn read; never a crash', { timeout: 30_000 }, async () => {
    const { done } = writer('in place', 1500);
    let running = true;
    void done.then(() => (running = false));
    // A read while a write is under way may see the start of one version and the rest of another
    // (Linux does not order a read and a write of one page): where that parses, it is diagnostics
    // all the same (two versions of one length and layout give `b.ts:1:1: error: one`).
    const diagnosticLine = /^[\w/.]+:\d+:\d+: error: \w+( x+)?$|^… more; narrow it with path$/;
    while (running) {
      const [text, isError] = await current();
      if (isError) assert.ok(text.startsWith(`Cannot parse diagnostics file ${file}: `), text.slice(0, 200));
      else assert.ok(firstLines.has(text.split('\n')[0]!) || text.split('\n').every((line) => diagnosticLine.test(line)), text.slice(0, 200));
      await new Promise((resolve) => setImmediate(resolve));
    }
    inputs++;
  });
});

describe('through the command and the server', () => {
  const contents: [string, string, number][] = [
    ['', 'No diagnostics.', 0],
    ['[{"file": "a.ts", "line": 1, "mess', `Cannot parse diagnostics file ${file}: `, 1],
    ['"a string"', `Cannot parse diagnostics file ${file}: none of the accepted shapes`, 1],
    ['[{"file": "a.ts", "line": 1, "message": "m"}]', 'a.ts:1:1: error: m', 0],
  ];

  test('zumba diagnostics: stdout and exit 0, or stderr and exit 1', { timeout: 30_000 }, () => {
    for (const [content, expected, status] of contents) {
      inputs++;
      fs.writeFileSync(file, content);
      const cli = runCli(['diagnostics', '--project', root, '--diagnostics', file]);
      assert.equal(cli.status, status, cli.stderr);
      assert.ok((status === 0 ? cli.stdout : cli.stderr).startsWith(expected), `${cli.stdout}${cli.stderr}`);
    }
    fs.rmSync(file);
    const missing = runCli(['diagnostics', '--project', root, '--diagnostics', file]);
    assert.deepEqual([missing.stdout, missing.status], ['No diagnostics.\n', 0]);
  });

  test('zumba mcp --diagnostics: each call answered, the server still running after all of them', { timeout: 30_000 }, async () => {
    const server = spawn(process.execPath, [cliPath, 'mcp', root, '--diagnostics', file], { stdio: ['pipe', 'pipe', 'inherit'] });
    const replies = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
    const request = async (id: number, method: string, params: unknown) => {
      server.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
      const { value } = await replies.next();
      return JSON.parse(value as string) as { id: number; result?: { content: { text: string }[]; isError?: boolean } };
    };
    try {
      await request(0, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } });
      let id = 1;
      for (const [content, expected, status] of [...contents, ['\0', `Cannot parse diagnostics file ${file}: it contains a NUL byte`, 1] as const]) {
        inputs++;
        fs.writeFileSync(file, content);
        const reply = await request(id, 'tools/call', { name: 'diagnostics', arguments: {} });
        assert.equal(reply.id, id++);
        assert.ok(reply.result!.content[0]!.text.startsWith(expected), reply.result!.content[0]!.text);
        assert.equal(reply.result!.isError === true, status === 1);
      }
      assert.ok((await request(id, 'ping', {})).result !== undefined);
    } finally {
      server.stdin.end();
      await new Promise((resolve) => server.on('exit', resolve));
    }
  });
});

test('inputs tried', (t) => {
  t.diagnostic(`diagnostics: ${inputs} hostile inputs`);
});
