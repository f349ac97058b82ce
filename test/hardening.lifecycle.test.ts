/**
 * The server under load and at its ends: 200 tool calls in flight at once, each answered as it is
 * alone; a client that vanishes; input that ends mid-line or right after a large request; SIGTERM in
 * the middle of a search over thousands of files, and while the client is not reading. The server
 * exits 0 with no stack trace, leaves no process behind, and never leaves half a line on stdout.
 * Timeouts are hang guards, never measurements.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fixture } from './helpers.js';
import { assertWholeLines, killAll, SpawnedServer } from './spawnedServer.js';

const projectDir = fixture('project');

after(killAll);

const call = (id: number | string, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

/** Processes whose parent is `pid` (worker threads are threads, not processes: none are expected). */
function childProcesses(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
  );
}

function threadCount(pid: number): number {
  return readdirSync(`/proc/${pid}/task`).length;
}

/** The answer with this id, once it has come. */
async function answerTo(server: SpawnedServer, id: number | string): Promise<Record<string, unknown>> {
  const find = () => server.responses().find((response) => response['id'] === id);
  await server.until(() => find() !== undefined, `the answer to ${id}`);
  return find()!;
}

describe('200 tool calls in flight at once', () => {
  let diagnosticsFile: string;

  before(() => {
    diagnosticsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'zumba-hardening-')), 'diagnostics.json');
    writeFileSync(
      diagnosticsFile,
      JSON.stringify({
        [`${projectDir}/src/rpc.rs`]: [{ range: { start: { line: 8, character: 4 } }, severity: 1, message: 'first' }],
        [`${projectDir}/src/client.ts`]: [{ range: { start: { line: 2, character: 0 } }, severity: 2, message: 'second' }],
      }),
    );
  });

  type Call = [name: string, args: Record<string, unknown>];
  const calls: Call[] = [
    ...['src/rpc.rs', 'src/client.ts', 'src/handoff.py', 'README.md', 'docs/notes.txt', 'src', '../outside.rs'].map((file): Call => ['outline', { path: file }]),
    ...['Rpc', 'handoff_prompt', 'Client', 'connect', 'MAX_PROMPT', 'Usage', 'hand', 'nothing_here'].map((name): Call => ['find_symbol', { name }]),
    ...['handoff_prompt', 'Rpc', 'options', 'nothing_here'].flatMap((name): Call[] => [
      ['find_references', { name }],
      ['find_references', { name, path: '*.rs,*.ts' }],
      ['find_references', { name, path: 'src/**,!*.py' }],
    ]),
    ['diagnostics', {}],
    ['diagnostics', { path: 'src/rpc.rs' }],
  ];

  test('200 mixed calls in one write, each answered as it is alone', { timeout: 40_000 }, async (t) => {
    const args = ['mcp', projectDir, '--diagnostics', diagnosticsFile];
    const alone = new SpawnedServer(args);
    const expected: unknown[] = [];
    for (const [index, [name, callArgs]] of calls.entries()) {
      await alone.write(call(index, name, callArgs) + '\n');
      expected.push((await answerTo(alone, index))['result']);
    }
    alone.child.stdin.end();
    await alone.exited;

    // A fresh server, so that grammars load and workers start while other calls are in flight.
    const server = new SpawnedServer(args);
    const sent = Array.from({ length: 200 }, (_, id) => ({ id, which: (id * 7) % calls.length }));
    await server.write(sent.map(({ id, which }) => call(id, ...calls[which]!) + '\n').join(''));
    await server.until(() => server.lines.length >= sent.length, '200 answers');
    server.child.stdin.end();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    const byId = new Map(server.responses().map((response) => [response['id'], response]));
    assert.equal(server.lines.length, sent.length, 'one answer each');
    for (const { id, which } of sent) {
      assert.deepEqual(byId.get(id)?.['result'], expected[which], `call ${id}: ${calls[which]![0]} ${JSON.stringify(calls[which]![1])}`);
    }
    assert.equal(server.stderr, '');
    t.diagnostic(`${sent.length} calls in flight, ${calls.length} different ones, each checked against its answer alone`);
  });
});

describe('the client goes away', () => {
  test('stdout closed: the next answers fail with EPIPE, and the server exits quietly with its workers', { timeout: 20_000 }, async (t) => {
    const server = new SpawnedServer(['mcp', projectDir]);
    await server.write(call(1, 'find_symbol', { name: 'Rpc' }) + '\n');
    await answerTo(server, 1);
    const pid = server.child.pid!;
    const threads = threadCount(pid);
    assert.deepEqual(childProcesses(pid), []);
    server.child.stdout.destroy();
    for (let id = 2; id < 20 && server.child.exitCode === null; id++) await server.write(call(id, 'find_symbol', { name: 'Rpc' }) + '\n');
    const exit = await server.exited;
    t.diagnostic(`${threads} threads before the client left (the definition workers among them); exit ${JSON.stringify(exit)}`);
    assert.deepEqual(exit, { code: 0, signal: null });
    assert.equal(server.stderr, '');
    assert.equal(existsSync(`/proc/${pid}`), false);
  });

  test('both pipes closed while a search is running: exit 0, nothing on stderr', { timeout: 20_000 }, async () => {
    const server = new SpawnedServer(['mcp', projectDir]);
    await server.write(call(1, 'find_symbol', { name: 'handoff' }) + '\n');
    server.child.stdout.destroy();
    server.child.stdin.destroy();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assert.equal(server.stderr, '');
  });
});

describe('input that ends', () => {
  test('half a line, then end of input: what was complete is answered, the rest is -32700, exit 0', { timeout: 20_000 }, async () => {
    const server = new SpawnedServer(['mcp', projectDir]);
    const whole = call(1, 'outline', { path: 'src/rpc.rs' });
    await server.write(`${whole}\n${call(2, 'outline', { path: 'src/rpc.rs' }).slice(0, 40)}`);
    server.child.stdin.end();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assertWholeLines(server);
    const responses = server.responses();
    assert.equal(responses.length, 2);
    assert.match(JSON.stringify(responses.find((response) => response['id'] === 1)?.['result']), /4 enum Incoming/);
    assert.deepEqual(responses.find((response) => response['id'] !== 1), {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: 'Parse error: the line is not JSON' },
    });
  });

  for (const ending of ['\n', '']) {
    test(`a large request${ending === '' ? ' without its newline' : ''}, then end of input: answered, exit 0`, { timeout: 20_000 }, async () => {
      const server = new SpawnedServer(['mcp', projectDir]);
      const padding = 'p'.repeat(8 * 1024 * 1024);
      const params = { name: 'find_references', arguments: { name: 'Rpc' }, _meta: { padding } };
      await server.write(JSON.stringify({ jsonrpc: '2.0', id: 'big', method: 'tools/call', params }) + ending);
      server.child.stdin.end();
      assert.deepEqual(await server.exited, { code: 0, signal: null });
      assertWholeLines(server);
      const [response] = server.responses();
      assert.equal(server.lines.length, 1);
      assert.equal(response!['id'], 'big');
      assert.match(JSON.stringify(response!['result']), /src\/rpc\.rs:9: pub struct Rpc/);
    });
  }
});

describe('SIGTERM', () => {
  const FILES = 3000;
  let bigProject: string;

  before(() => {
    bigProject = mkdtempSync(path.join(os.tmpdir(), 'zumba-hardening-big-'));
    for (let i = 0; i < FILES; i++) {
      const folder = path.join(bigProject, `pkg${i % 30}`);
      if (i < 30) mkdirSync(folder);
      const body = Array.from({ length: 40 }, (_, j) => `export function handler_${i}_${j}(value: number): number {\n  return value * ${j} + value;\n}\n`).join('');
      writeFileSync(path.join(folder, `file${i}.ts`), body + (i === FILES - 1 ? 'export const needle = 1;\n' : ''));
    }
  });

  after(() => rmSync(bigProject, { recursive: true, force: true }));

  const searches: [string, Record<string, unknown>][] = [
    ['find_references', { name: 'needle' }], // read every file to find the one line at the end
    ['find_symbol', { name: 'value' }], // every file holds the word: every file is parsed
  ];
  for (const [name, args] of searches) {
    test(`during ${name} over ${FILES} files: exit 0, stdout only whole lines`, { timeout: 30_000 }, async (t) => {
      const server = new SpawnedServer(['mcp', bigProject]);
      await server.write(JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'ping' }) + '\n');
      await answerTo(server, 0);
      await server.write(call(1, name, args) + '\n');
      await new Promise((resolve) => setTimeout(resolve, 100));
      server.child.kill('SIGTERM');
      assert.deepEqual(await server.exited, { code: 0, signal: null });
      assertWholeLines(server);
      assert.equal(server.stderr, '');
      t.diagnostic(`answers before the exit: ${server.lines.length} (the ping${server.lines.length > 1 ? ' and the search' : ''})`);
    });
  }

  test('while the client is not reading: what was written reaches it whole once it reads again', { timeout: 30_000 }, async (t) => {
    const server = new SpawnedServer(['mcp', projectDir]);
    await server.write(JSON.stringify({ jsonrpc: '2.0', id: 'up', method: 'ping' }) + '\n');
    await answerTo(server, 'up');
    server.child.stdout.pause();
    // initialize echoes the protocol version: each answer is larger than the pipe holds.
    const version = 'v'.repeat(1024 * 1024);
    // Not waited for: the server stops reading once its answers back up.
    server.child.stdin.write([1, 2, 3].map((id) => JSON.stringify({ jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion: version } }) + '\n').join(''));
    // Time for the server to answer into the full pipe (not a measurement: any outcome is checked).
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.stdout.resume();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assertWholeLines(server);
    t.diagnostic(`${server.lines.length - 1} of 3 answers out before the exit`);
  });
});
