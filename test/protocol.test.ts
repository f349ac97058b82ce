/**
 * The built server over stdio: first as a real client talks to it (the SDK's Client), then with raw
 * lines that no client library would send.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InitializeResultSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { cliPath, fixture, repoRoot } from './helpers.js';

const projectDir = fixture('project');
const packageVersion = (JSON.parse(readFileSync(`${repoRoot}/package.json`, 'utf8')) as { version: string }).version;

function textOf(result: unknown): string {
  const content = (result as { content: { type: string; text: string }[] }).content;
  assert.equal(content.length, 1);
  assert.equal(content[0]!.type, 'text');
  return content[0]!.text;
}

describe('over stdio with the SDK client', () => {
  let client: Client;

  before(async () => {
    client = new Client({ name: 'zumba-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', projectDir], stderr: 'pipe' }));
  });

  after(async () => {
    await client.close();
  });

  test('initialize names the server and its version', () => {
    assert.deepEqual(client.getServerVersion(), { name: 'zumba', version: packageVersion });
    assert.deepEqual(client.getServerCapabilities(), { tools: {} });
  });

  for (const version of ['2025-06-18', '2099-01-01']) {
    test(`initialize echoes protocol version ${version}`, async () => {
      const result = await client.request(
        { method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } } },
        InitializeResultSchema,
      );
      assert.equal(result.protocolVersion, version);
    });
  }

  test('initialize: instructions for the model, one short paragraph', () => {
    const instructions = client.getInstructions() ?? '';
    assert.match(instructions, /\S/);
    assert.doesNotMatch(instructions, /\n/);
    assert.ok(instructions.length <= 400, `the instructions are ${instructions.length} characters`);
  });

  test('tools/list: the four tools, each with a short description, an object schema, and asking to be loaded', async () => {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name), ['outline', 'find_symbol', 'find_references', 'diagnostics']);
    for (const tool of tools) {
      assert.equal(tool.inputSchema.type, 'object');
      assert.ok((tool.description ?? '').length <= 160, `${tool.name}'s description is long`);
      // Claude Code shows a deferred tool's name alone; this brings its description and schema.
      assert.equal(tool._meta?.['anthropic/alwaysLoad'], true, `${tool.name} is not always loaded`);
    }
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.inputSchema]));
    assert.deepEqual(byName['outline']!.required, ['path']);
    assert.deepEqual(byName['find_references']!.required, ['name']);
    assert.deepEqual((byName['find_references']!.properties as Record<string, { type?: string }>)['enclosing']?.type, 'boolean');
    assert.equal(byName['diagnostics']!.required, undefined);
  });

  test('ping', async () => {
    assert.deepEqual(await client.ping(), {});
  });

  test('outline', async () => {
    const result = await client.callTool({ name: 'outline', arguments: { path: 'src/rpc.rs' } });
    assert.equal(textOf(result), '4 enum Incoming\n9 struct Rpc\n13 impl Rpc\n  14 method spawn\n  18 method call\n26 function handoff_prompt');
    assert.notEqual(result.isError, true);
  });

  test('outline of a folder: its map, within the budget', async () => {
    const result = await client.callTool({ name: 'outline', arguments: { path: '.', budget: 64 } });
    assert.equal(textOf(result), 'src/handoff.py\n  9 function handoff_prompt\nsrc/rpc.rs\n  26 function handoff_prompt\nREADME.md\ndocs/notes.txt\nsrc/client.ts');
    assert.notEqual(result.isError, true);
  });

  test('find_symbol', async () => {
    const result = await client.callTool({ name: 'find_symbol', arguments: { name: 'Rpc' } });
    assert.equal(textOf(result), 'src/rpc.rs:9 struct — pub struct Rpc {\nsrc/rpc.rs:13 impl — impl Rpc {');
  });

  test('find_references', async () => {
    const result = await client.callTool({ name: 'find_references', arguments: { name: 'handoff_prompt', path: '*.rs' } });
    assert.equal(textOf(result), 'src/rpc.rs:26: pub fn handoff_prompt(rpc: &mut Rpc) -> String {');
  });

  test('find_references with enclosing: each line under the definition holding it', async () => {
    const result = await client.callTool({ name: 'find_references', arguments: { name: 'Rpc', path: '*.rs', enclosing: true } });
    assert.equal(
      textOf(result),
      [
        'src/rpc.rs:9-11 struct Rpc',
        '  9: pub struct Rpc {',
        'src/rpc.rs:13-24 impl Rpc',
        '  13: impl Rpc {',
        'src/rpc.rs:14-16 method spawn',
        '  14: pub fn spawn() -> io::Result<Rpc> {',
        '  15: Ok(Rpc { next_id: 1 })',
        'src/rpc.rs:26-28 function handoff_prompt',
        '  26: pub fn handoff_prompt(rpc: &mut Rpc) -> String {',
      ].join('\n'),
    );
  });

  test('diagnostics without a file', async () => {
    const result = await client.callTool({ name: 'diagnostics', arguments: {} });
    assert.equal(textOf(result), 'No diagnostics.');
  });

  test('a tool that cannot answer returns its message with isError', async () => {
    const result = await client.callTool({ name: 'outline', arguments: { path: '../outside.rs' } });
    assert.equal(result.isError, true);
    assert.equal(textOf(result), 'Path is outside the project: ../outside.rs');
  });

  test('an unknown method is -32601', async () => {
    await assert.rejects(client.request({ method: 'resources/list' }, z.object({})), (error: unknown) => {
      assert.ok(error instanceof McpError);
      assert.equal(error.code, -32601);
      return true;
    });
  });

  test('an unknown tool is -32602', async () => {
    await assert.rejects(client.callTool({ name: 'no_such_tool', arguments: {} }), (error: unknown) => {
      assert.ok(error instanceof McpError);
      assert.equal(error.code, -32602);
      assert.match(error.message, /Unknown tool: no_such_tool/);
      return true;
    });
  });
});

/** The server spawned with pipes, spoken to in raw lines. */
class RawServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  stdout = '';
  private waiters: (() => void)[] = [];

  constructor(args: string[] = ['mcp', projectDir]) {
    this.child = spawn(process.execPath, [cliPath, ...args]);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.stdout += chunk;
      const parts = this.stdout.split('\n');
      this.stdout = parts.pop()!;
      this.lines.push(...parts);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  send(line: string): void {
    this.child.stdin.write(line + '\n');
  }

  /** Waits until `count` lines have come back in all, and returns them parsed. */
  async responses(count: number): Promise<Record<string, unknown>[]> {
    while (this.lines.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return new Promise((resolve) => {
      if (this.child.exitCode !== null) resolve({ code: this.child.exitCode, signal: null });
      else this.child.on('exit', (code, signal) => resolve({ code, signal }));
    });
  }
}

const request = (id: number, method: string, params?: unknown) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, ...(params !== undefined && { params }) });

describe('raw lines', () => {
  test('initialize as the first message echoes any version string', async () => {
    const server = new RawServer();
    server.send(request(1, 'initialize', { protocolVersion: '2099-01-01', capabilities: {}, clientInfo: { name: 'raw', version: '0' } }));
    const [response] = await server.responses(1);
    const { instructions, ...result } = response!['result'] as Record<string, unknown>;
    assert.deepEqual(
      { ...response, result },
      { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2099-01-01', capabilities: { tools: {} }, serverInfo: { name: 'zumba', version: packageVersion } } },
    );
    assert.equal(typeof instructions, 'string');
    server.child.stdin.end();
    assert.deepEqual(await server.exit(), { code: 0, signal: null });
  });

  test('a line that is not JSON gets -32700 with id null, and the server goes on', async () => {
    const server = new RawServer();
    server.send('{"jsonrpc": "2.0", "id": 1, "method": ');
    server.send(request(2, 'ping'));
    const [parseError, pong] = await server.responses(2);
    assert.equal(parseError!['id'], null);
    assert.equal((parseError!['error'] as { code: number }).code, -32700);
    assert.deepEqual(pong, { jsonrpc: '2.0', id: 2, result: {} });
    server.child.stdin.end();
    await server.exit();
  });

  test('a long search tells the token its call gave how far it has come, before its answer; a call with no token is told nothing', { timeout: 60_000 }, async () => {
    // Some 3,000 files to parse: a search of seconds, where progress is told every quarter second.
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-progress-'));
    for (let i = 0; i < 3000; i++) writeFileSync(path.join(root, `f${i}.rs`), `fn needle_${i}() {}\nstruct Needle${i} { needle: u32 }\n`);
    const server = new RawServer(['mcp', root, '--no-cache']);
    server.send(request(1, 'tools/call', { name: 'find_symbol', arguments: { name: 'needle' } }));
    server.send(request(2, 'tools/call', { name: 'find_symbol', arguments: { name: 'needle' }, _meta: { progressToken: 'token-7' } }));
    server.child.stdin.end();
    await server.exit();
    const messages = server.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(messages.filter((message) => 'id' in message).map((message) => message['id']), [1, 2]);
    const progress = messages.map((message, at) => ({ message, at })).filter(({ message }) => message['method'] === 'notifications/progress');
    assert.ok(progress.length >= 1, 'no progress was told');
    for (const { message, at } of progress) {
      const params = message['params'] as { progressToken: unknown; progress: number; total: number; message: string };
      assert.equal(params.progressToken, 'token-7');
      assert.ok(params.progress <= params.total && params.total <= 3000, JSON.stringify(params));
      assert.equal(params.message, `${params.progress} of ${params.total} files searched`);
      assert.ok(at < messages.findIndex((m) => m['id'] === 2), 'told before its answer');
    }
  });

  test("a call's progress only grows, through find_symbol's second pass too", { timeout: 60_000 }, async () => {
    // The exact pass parses the files at the end of the walk (the word is in them, no definition of
    // it), the pass for names containing it those at its start (the text is in them, in a comment):
    // two searches of a second or so, the second telling progress from the start of the walk again.
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-progress-'));
    const functions = (name: string) => Array.from({ length: 40 }, (_, j) => `fn ${name}_${j}() { let x = ${j}; }\n`).join('');
    for (let i = 0; i < 1000; i++) writeFileSync(path.join(root, `z${i}.rs`), `// needle\n${functions('other')}`);
    for (let i = 0; i < 1000; i++) writeFileSync(path.join(root, `b${i}.rs`), `// needles\n${functions('other')}`);
    writeFileSync(path.join(root, 'c.rs'), 'fn needles() {}\n');
    const server = new RawServer(['mcp', root, '--no-cache']);
    server.send(request(1, 'tools/call', { name: 'find_symbol', arguments: { name: 'needle' }, _meta: { progressToken: 1 } }));
    server.child.stdin.end();
    await server.exit();
    const messages = server.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const answer = messages.find((message) => message['id'] === 1)!['result'] as { content: { text: string }[] };
    assert.equal(answer.content[0]!.text, 'No exact match; names containing it:\nc.rs:1 function — fn needles() {}');
    const told = messages.filter((message) => message['method'] === 'notifications/progress').map((message) => message['params'] as { progress: number; total: number });
    const shown = told.map(({ progress, total }) => `${progress}/${total}`).join(', ');
    assert.ok(told.some(({ total }) => total === 2001) && told.some(({ total }) => total === 4002), `both passes tell: ${shown}`);
    told.slice(1).forEach(({ progress }, i) => assert.ok(progress > told[i]!.progress, `progress ${shown}`));
  });

  test('JSON that is not a request gets -32600', async () => {
    const server = new RawServer();
    server.send('{"jsonrpc":"2.0","id":1}');
    server.send('[1, 2]');
    server.send('"just a string"');
    const responses = await server.responses(3);
    assert.deepEqual(responses.map((r) => [r['id'], (r['error'] as { code: number }).code]), [[1, -32600], [null, -32600], [null, -32600]]);
    server.child.stdin.end();
    await server.exit();
  });

  test('notifications get no answer, known or not', async () => {
    const server = new RawServer();
    server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }));
    server.send(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/no_such_thing', params: { x: 1 } }));
    server.send(request(7, 'ping'));
    server.child.stdin.end();
    assert.deepEqual(await server.exit(), { code: 0, signal: null });
    assert.deepEqual(server.lines.map((l) => JSON.parse(l)), [{ jsonrpc: '2.0', id: 7, result: {} }]);
    assert.equal(server.stdout, '');
  });

  test('an unknown tool, a missing argument and a wrong type are -32602 naming the problem', async () => {
    const server = new RawServer();
    server.send(request(1, 'tools/call', { name: 'nope', arguments: {} }));
    server.send(request(2, 'tools/call', { name: 'outline', arguments: {} }));
    server.send(request(3, 'tools/call', { name: 'find_references', arguments: { name: 42 } }));
    server.send(request(4, 'tools/call', { name: 'find_symbol', arguments: { name: '' } }));
    const responses = await server.responses(4);
    const byId = new Map(responses.map((r) => [r['id'], r['error'] as { code: number; message: string }]));
    for (const id of [1, 2, 3, 4]) assert.equal(byId.get(id)?.code, -32602, `request ${id}`);
    assert.match(byId.get(1)!.message, /Unknown tool: nope/);
    assert.match(byId.get(2)!.message, /path/);
    assert.match(byId.get(3)!.message, /name/);
    assert.match(byId.get(4)!.message, /name: must not be empty/);
    server.child.stdin.end();
    await server.exit();
  });

  test('a tools/call without initialize, then end of input: answered, then exit 0', async () => {
    const server = new RawServer();
    server.send(request(1, 'tools/call', { name: 'outline', arguments: { path: 'src/rpc.rs' } }));
    server.child.stdin.end();
    assert.deepEqual(await server.exit(), { code: 0, signal: null });
    assert.equal(server.lines.length, 1);
    const response = JSON.parse(server.lines[0]!) as { id: number; result: unknown };
    assert.equal(response.id, 1);
    assert.match(textOf(response.result), /^4 enum Incoming/);
  });

  test('SIGTERM: exit 0 with nothing more on stdout', async () => {
    const server = new RawServer();
    server.send(request(1, 'ping'));
    await server.responses(1);
    server.child.kill('SIGTERM');
    assert.deepEqual(await server.exit(), { code: 0, signal: null });
    assert.equal(server.lines.length, 1);
    assert.equal(server.stdout, '');
  });

  test('a missing project folder: one line on stderr, exit 2', async () => {
    const server = new RawServer(['mcp', fixture('no-such-folder')]);
    let stderr = '';
    server.child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    assert.deepEqual(await server.exit(), { code: 2, signal: null });
    assert.equal(stderr.trim().split('\n').length, 1);
    assert.match(stderr, /project folder does not exist/);
  });
});

describe('diagnostics through the server', () => {
  test('the file is read again at every call: a rewrite shows, a truncated file is an error and the server goes on', async () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'zumba-diagnostics-')), 'diagnostics.json');
    const client = new Client({ name: 'zumba-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', projectDir, '--diagnostics', file], stderr: 'pipe' }),
    );
    const call = () => client.callTool({ name: 'diagnostics', arguments: {} });
    try {
      assert.equal(textOf(await call()), 'No diagnostics.');
      writeFileSync(file, JSON.stringify({ uri: `file://${projectDir}/src/rpc.rs`, diagnostics: [{ range: { start: { line: 0, character: 4 } }, severity: 1, message: 'first' }] }));
      assert.equal(textOf(await call()), 'src/rpc.rs:1:5: error: first');
      writeFileSync(file, '{"uri": "file:///x", "diagnostics": [');
      const truncated = await call();
      assert.equal(truncated.isError, true);
      assert.match(textOf(truncated), new RegExp(`Cannot parse diagnostics file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
      writeFileSync(file, JSON.stringify({ 'src/rpc.rs': [{ range: { start: { line: 9, character: 0 } }, severity: 2, message: 'second' }] }));
      assert.equal(textOf(await call()), 'src/rpc.rs:10:1: warning: second');
    } finally {
      await client.close();
    }
  });
});
