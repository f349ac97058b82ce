/**
 * Hostile input on the server's stdin: random and mutated lines, wrong types in every field, ids no
 * double holds, deep nesting, lines of megabytes, batches, blank lines. Every request-shaped line (an
 * id that is a string or a number, and a method) gets exactly one answer with that id; every other
 * line that is not a notification or a response gets the contract's error; notifications get
 * nothing. The server stays up, writes nothing but JSON-RPC lines, and its memory stays bounded.
 *
 * The lines come from a seeded generator: a failure reproduces with the seed in the test's name.
 * Timeouts are hang guards, never measurements.
 */
import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { idTextOf } from '../src/protocol/jsonRpc.js';
import { fixture } from './helpers.js';
import { seededRandom } from './seededRandom.js';
import { assertWholeLines, killAll, SpawnedServer } from './spawnedServer.js';

const SEED = 0x2a5eed;
const RANDOM_LINES_PER_BURST = 10_000;
const projectDir = fixture('project');

after(killAll);

/** A seeded generator, plenty for picking inputs. */
function generator(seed: number) {
  const next = seededRandom(seed);
  const int = (below: number): number => Math.floor(next() * below);
  return { next, int, pick: <T>(items: readonly T[]): T => items[int(items.length)]! };
}
type Generator = ReturnType<typeof generator>;

// ---------------------------------------------------------------------------------------------------
// What the contract says a line gets back

type Id = string | number;
type Expected = { readonly kind: 'none' } | { readonly kind: 'answer'; readonly id: Id } | { readonly kind: 'error'; readonly code: number };

const NONE: Expected = { kind: 'none' };
const PARSE_ERROR: Expected = { kind: 'error', code: -32700 };
const INVALID_REQUEST: Expected = { kind: 'error', code: -32600 };

const isId = (value: unknown): value is Id => typeof value === 'string' || typeof value === 'number';
const idKey = (id: Id): string => `${typeof id}:${String(id)}`;

/** SPEC §2 restated: the answer a line must get, decoded as the server decodes it. */
function expectationOf(line: Buffer): Expected {
  const text = line.toString('utf8');
  if (/^[ \t\r]*$/.test(text)) return NONE;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return PARSE_ERROR;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID_REQUEST;
  const message = value as Record<string, unknown>;
  const id = message['id'];
  if ('method' in message) {
    if (isId(id)) return { kind: 'answer', id };
    const notification = !('id' in message) && message['jsonrpc'] === '2.0' && typeof message['method'] === 'string';
    return notification ? NONE : INVALID_REQUEST;
  }
  if (isId(id)) {
    const response = message['jsonrpc'] === '2.0' && ('result' in message || 'error' in message);
    return response ? NONE : { kind: 'answer', id };
  }
  return INVALID_REQUEST;
}

/** What a burst owes: answers by id, errors with id null by code, and how many lines of each kind. */
class Ledger {
  readonly owed = new Map<string, number>();
  readonly nullErrors = new Map<number, number>();
  readonly tried = new Map<string, number>();
  /** Raw id texts that must come back exactly as written. */
  readonly exactIds: string[] = [];
  answers = 0;

  add(kind: string, line: Buffer, expected: Expected = expectationOf(line)): Buffer {
    this.tried.set(kind, (this.tried.get(kind) ?? 0) + 1);
    if (expected.kind === 'answer') bump(this.owed, idKey(expected.id));
    if (expected.kind === 'error') bump(this.nullErrors, expected.code);
    if (expected.kind !== 'none') this.answers++;
    return line;
  }

  total(): number {
    return [...this.tried.values()].reduce((sum, n) => sum + n, 0);
  }
}

function bump<K>(counts: Map<K, number>, key: K): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Every stdout line is a JSON-RPC response, and the responses are exactly those the ledger owes. */
function checkAnswers(ledger: Ledger, lines: readonly string[]): void {
  const answered = new Map<string, number>();
  const nullErrors = new Map<number, number>();
  const internalErrors: string[] = [];
  for (const line of lines) {
    let response: Record<string, unknown>;
    try {
      response = JSON.parse(line) as Record<string, unknown>;
    } catch {
      assert.fail(`stdout holds a line that is not JSON: ${line.slice(0, 200)}`);
    }
    assert.equal(response['jsonrpc'], '2.0', line.slice(0, 200));
    assert.ok(('result' in response) !== ('error' in response), `one of result and error: ${line.slice(0, 200)}`);
    const id = response['id'];
    const code = (response['error'] as { code: number } | undefined)?.code;
    // -32603 is a bug showing through: hostile input must get the contract's codes.
    if (code === -32603) internalErrors.push(line.slice(0, 300));
    if (id === null) bump(nullErrors, code!);
    else if (isId(id)) bump(answered, idKey(id));
    else assert.fail(`an id that is neither null, a string nor a number: ${line.slice(0, 200)}`);
  }
  const unmatched = [...ledger.owed].filter(([key, n]) => answered.get(key) !== n).map(([key, n]) => `${key}: ${answered.get(key) ?? 0} of ${n}`);
  const unasked = [...answered.keys()].filter((key) => !ledger.owed.has(key));
  const notAsWritten = ledger.exactIds.filter((raw) => lines.filter((line) => line.includes(`"id":${raw},`) || line.includes(`"id":${raw}}`)).length !== 1);
  assert.deepEqual(
    { unmatched: unmatched.slice(0, 10), unasked: unasked.slice(0, 10), nullErrors, notAsWritten, internalErrors: internalErrors.slice(0, 5) },
    { unmatched: [], unasked: [], nullErrors: ledger.nullErrors, notAsWritten: [], internalErrors: [] },
    'answers by id (answers of owed), answers to ids never sent, errors with id null by code, ids not echoed as written, internal errors',
  );
}

// ---------------------------------------------------------------------------------------------------
// The lines

const PLACEHOLDER = '"@@value@@"';

/** A JSON text with one value given as raw text (a number no double holds, say). */
function withRaw(message: Record<string, unknown>, raw: string): string {
  return JSON.stringify(message).replace(PLACEHOLDER, raw);
}

const TOOL_CALLS: readonly Record<string, unknown>[] = [
  { name: 'outline', arguments: { path: 'src/rpc.rs' } },
  { name: 'outline', arguments: { path: 'src/client.ts' } },
  { name: 'outline', arguments: { path: '../outside.rs' } },
  { name: 'outline', arguments: { path: 'docs' } },
  { name: 'find_symbol', arguments: { name: 'Rpc' } },
  { name: 'find_symbol', arguments: { name: 'handoff' } },
  { name: 'find_references', arguments: { name: 'handoff_prompt', path: '*.rs,src/**' } },
  { name: 'find_references', arguments: { name: 'Rpc' } },
  { name: 'diagnostics', arguments: {} },
  { name: 'no_such_tool', arguments: {} },
];

/** Requests and notifications as a client sends them, with `@@value@@` where the id goes. */
function validMessage(random: Generator): { message: Record<string, unknown>; notification: boolean } {
  switch (random.int(9)) {
    case 0:
      return {
        message: { method: 'initialize', params: { protocolVersion: random.pick(['2025-06-18', '2099-01-01']), capabilities: {}, clientInfo: { name: 'fuzz', version: '1' } } },
        notification: false,
      };
    case 1:
      return { message: { method: 'ping' }, notification: false };
    case 2:
      return { message: { method: 'tools/list', params: {} }, notification: false };
    case 3:
      return { message: { method: 'resources/list' }, notification: false };
    case 4:
      return { message: { method: random.pick(['notifications/initialized', 'notifications/roots/list_changed', 'notifications/whatever']) }, notification: true };
    default:
      return { message: { method: 'tools/call', params: random.pick(TOOL_CALLS) }, notification: false };
  }
}

class Lines {
  private nextId = 1_000_000;
  constructor(private readonly random: Generator) {}

  /** A fresh id as JSON text: a number or a string, never one used before in this burst. */
  idText(): string {
    const n = this.nextId++;
    return this.random.next() < 0.5 ? String(n) : JSON.stringify(`s-${n}`);
  }

  valid(): Buffer {
    const { message, notification } = validMessage(this.random);
    if (notification) return Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...message }));
    return Buffer.from(withRaw({ jsonrpc: '2.0', id: '@@value@@', ...message }, this.idText()));
  }

  /** A valid line with one to three byte flips, cuts, insertions, deletions or repeats. */
  mutated(): Buffer {
    let bytes = this.valid();
    const { random } = this;
    for (let n = 1 + random.int(3); n > 0; n--) {
      const at = random.int(bytes.length + 1);
      switch (random.int(5)) {
        case 0: {
          bytes = Buffer.from(bytes);
          if (at < bytes.length) bytes[at] = bytes[at]! ^ (1 << random.int(8));
          break;
        }
        case 1:
          bytes = bytes.subarray(0, at);
          break;
        case 2: {
          // Bytes that are not UTF-8 (a lone continuation, a cut sequence, an encoded surrogate), U+2028,
          // JSON's own punctuation, NUL, and an exponent that overflows.
          const noise = random.pick([[0xff], [0x80], [0xc3], [0xed, 0xa0, 0x80], [0xe2, 0x80, 0xa8], [0x22], [0x5c], [0x7b], [0x5d], [0x2c], [0x00], [...Buffer.from('1e999')]]);
          bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(noise), bytes.subarray(at)]);
          break;
        }
        case 3:
          bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + 1 + random.int(8))]);
          break;
        default: {
          const end = Math.min(bytes.length, at + 1 + random.int(16));
          bytes = Buffer.concat([bytes.subarray(0, end), bytes.subarray(at, end), bytes.subarray(end)]);
        }
      }
    }
    return noNewline(bytes);
  }

  /** A request with one field (or one of its params) of the wrong type, or missing. */
  wrongType(): Buffer {
    const { random } = this;
    const wrong = random.pick(['{}', '[]', 'true', 'false', 'null', '1.5', '-1', '0', '""', '"x"', '1e308', '98765432109876543210987654321', '[[[[1]]]]', '{"a":[]}', 'undefined']);
    const params: Record<string, unknown> = { name: 'find_references', arguments: { name: 'Rpc', path: '*.rs' } };
    const request: Record<string, unknown> = { jsonrpc: '2.0', id: '@@id@@', method: 'tools/call', params };
    const args = params['arguments'] as Record<string, unknown>;
    const [holder, field] = random.pick<[Record<string, unknown>, string]>([
      [request, 'jsonrpc'], [request, 'id'], [request, 'method'], [request, 'params'],
      [params, 'name'], [params, 'arguments'], [params, '_meta'], [args, 'name'], [args, 'path'],
    ]);
    if (wrong === 'undefined') delete holder[field];
    else holder[field] = '@@value@@';
    const text = withRaw(request, wrong);
    return Buffer.from(text.replace('"@@id@@"', this.idText()));
  }

  /** Any JSON value, often an object with JSON-RPC's keys. */
  randomJson(depth = 0): string {
    const { random } = this;
    const kind = depth > 3 ? random.int(4) : random.int(7);
    switch (kind) {
      case 0:
        return random.pick(['null', 'true', 'false', '0', '-0', '-1e400', '3.25', '98765432109876543210987654321']);
      case 1:
        return JSON.stringify(random.pick(['', '2.0', 'ping', 'tools/call', 'é', '\u2028', '\udc00']));
      case 2:
        return String(this.nextId++);
      case 3:
        return JSON.stringify(`s-${this.nextId++}`);
      case 4:
        return `[${Array.from({ length: random.int(4) }, () => this.randomJson(depth + 1)).join(',')}]`;
      default: {
        const keys = ['jsonrpc', 'id', 'method', 'params', 'result', 'error', 'x'].filter(() => random.next() < 0.5);
        return `{${keys.map((key) => `${JSON.stringify(key)}:${key === 'jsonrpc' && random.next() < 0.7 ? '"2.0"' : this.randomJson(depth + 1)}`).join(',')}}`;
      }
    }
  }

  randomBytes(): Buffer {
    return noNewline(Buffer.from(Array.from({ length: 1 + this.random.int(200) }, () => this.random.int(256))));
  }

  blank(): Buffer {
    return Buffer.from(this.random.pick(['', ' ', '\t \t', '\r', '   \r']));
  }

  batch(): Buffer {
    return Buffer.from(this.random.pick([`[${this.valid()},${this.valid()}]`, '[]', `[${this.valid()}]`, '[[]]', '[1,2,3]']));
  }
}

function noNewline(bytes: Buffer): Buffer {
  return Buffer.from(bytes.map((byte) => (byte === 0x0a ? 0x0b : byte)));
}

/** Ids that come back exactly as written: past 2^53, fractions, exponents, escapes. */
const EXACT_IDS = [
  '123456789012345678901234567890',
  '123456789012345678901234567891',
  '9007199254740993',
  '-9007199254740993',
  '1.50',
  '2.0',
  '1E+2',
  '0.1e-5',
  '-0',
  '1e400',
  '"\\u0041\\u00e9"',
  '"with \\"quotes\\" and \\\\"',
  '"\\ud800"',
];

const DEPTH = 100_000;
const MB = 1024 * 1024;

/** One burst: the random lines, then the special ones, as one stream of bytes. */
function burst(seed: number): { ledger: Ledger; bytes: Buffer } {
  const random = generator(seed);
  const lines = new Lines(random);
  const ledger = new Ledger();
  const out: Buffer[] = [];
  const kinds: [string, () => Buffer][] = [
    ['valid request or notification', () => lines.valid()],
    ['mutated request', () => lines.mutated()],
    ['mutated request', () => lines.mutated()],
    ['mutated request', () => lines.mutated()],
    ['wrong type in a field', () => lines.wrongType()],
    ['wrong type in a field', () => lines.wrongType()],
    ['random JSON', () => Buffer.from(lines.randomJson())],
    ['random bytes', () => lines.randomBytes()],
    ['blank line', () => lines.blank()],
    ['batch', () => lines.batch()],
  ];
  for (let i = 0; i < RANDOM_LINES_PER_BURST; i++) {
    const [kind, make] = random.pick(kinds);
    out.push(ledger.add(kind, make()));
  }
  for (const raw of EXACT_IDS) {
    ledger.exactIds.push(raw);
    out.push(ledger.add('id kept as written', Buffer.from(`{"jsonrpc":"2.0","id":${raw},"method":"ping"}`)));
  }
  const deep = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
  const deepObject = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);
  for (const line of [
    deep,
    '['.repeat(DEPTH),
    `{"jsonrpc":"2.0","id":${lines.idText()},"method":"ping","params":{"x":${deep}}}`,
    `{"jsonrpc":"2.0","id":${lines.idText()},"method":"tools/call","params":{"name":"outline","arguments":{"path":${deep}}}}`,
    `{"jsonrpc":"2.0","id":${lines.idText()},"method":"tools/call","params":{"name":"outline","arguments":{"path":"src/rpc.rs","x":${deepObject}}}}`,
    `{"jsonrpc":"2.0","id":${deep},"method":"ping"}`,
  ]) {
    out.push(ledger.add('deep nesting', Buffer.from(line)));
  }
  // Under the line limit: an ordinary request that happens to be big. Over it: -32600, with the id
  // when the line's start shows it.
  out.push(ledger.add('large line', Buffer.from(`{"jsonrpc":"2.0","id":${lines.idText()},"method":"ping","params":{"pad":"${'p'.repeat(5 * MB)}"}}`)));
  const bigId = lines.idText();
  const big = `{"jsonrpc":"2.0","id":${bigId},"method":"tools/call","params":{"name":"outline","arguments":{"path":"${'a/'.repeat(10 * MB)}"}}}`;
  out.push(ledger.add('large line', Buffer.from(big), { kind: 'answer', id: JSON.parse(bigId) as Id }));
  out.push(ledger.add('large line', Buffer.from('x'.repeat(20 * MB)), INVALID_REQUEST));
  return { ledger, bytes: Buffer.concat(out.flatMap((line) => [line, Buffer.from('\n')])) };
}

/** Sends a burst in pieces of random sizes (lines and UTF-8 sequences split anywhere). */
async function send(server: SpawnedServer, bytes: Buffer, random: Generator): Promise<void> {
  for (let at = 0; at < bytes.length; ) {
    const size = random.next() < 0.1 ? 1 + random.int(8) : 1 + random.int(256 * 1024);
    await server.write(bytes.subarray(at, at + size));
    at += size;
  }
}

const call = (id: Id, name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

async function alive(server: SpawnedServer, id: string): Promise<void> {
  const before = server.lines.length;
  await server.write(`{"jsonrpc":"2.0","id":"${id}","method":"tools/list"}\n`);
  await server.until(() => server.lines.slice(before).some((line) => line.includes(`"id":"${id}"`)), `the answer to ${id}`);
}

/** How long a server must use no CPU time to count as idle: more than a clock tick, less than a test. */
const IDLE_MS = 500;

/** Resolves once the server has used no CPU time for IDLE_MS: it has done all it will with what it has. */
async function idle(server: SpawnedServer): Promise<void> {
  for (let before = server.cpuTicks(); ; ) {
    await sleep(IDLE_MS);
    const now = server.cpuTicks();
    if (now === before) return;
    before = now;
  }
}

describe('hostile lines on stdin', () => {
  test(`random, mutated, mistyped, deep and huge lines, twice (seed ${SEED})`, { timeout: 50_000 }, async (t) => {
    const server = new SpawnedServer(['mcp', projectDir]);
    const rss: number[] = [];
    let answered = 0;
    let tried = 0;
    for (const round of [1, 2]) {
      // The same seed twice: the second burst repeats the first, so memory should not grow.
      const { ledger, bytes } = burst(SEED);
      const start = server.lines.length;
      await send(server, bytes, generator(SEED + round));
      await server.until(() => server.lines.length >= start + ledger.answers, `${ledger.answers} answers`);
      await alive(server, `alive-${round}`);
      const lines = server.lines.slice(start, -1);
      checkAnswers(ledger, lines);
      rss.push(server.rssMb());
      answered += lines.length;
      tried += ledger.total();
      if (round === 1) t.diagnostic(`lines a burst: ${[...ledger.tried].map(([kind, n]) => `${kind} ${n}`).join(', ')}`);
    }
    t.diagnostic(`${tried} lines sent in 2 bursts, ${answered} answers; server memory ${rss.map((mb) => `${mb.toFixed(0)} MB`).join(' then ')}`);
    assert.ok(rss[0]! < 400 && rss[1]! < 400, `resident memory ${rss.join(', ')} MB`);
    assert.ok(rss[1]! < rss[0]! + 100, `memory grew from ${rss[0]} to ${rss[1]} MB on the same burst`);
    server.child.stdin.end();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assertWholeLines(server);
    assert.equal(server.stderr, '');
  });

  test('a client that stops reading: the server stops reading too, its memory stays bounded, and every answer arrives', { timeout: 50_000 }, async (t) => {
    const server = new SpawnedServer(['mcp', projectDir]);
    // The baseline: the same server once it has searched the project (its start-up walk done) and
    // answered a tools/list, whose size is that of each answer to come.
    await server.write(`${call('search', 'find_symbol', { name: 'Rpc' })}\n{"jsonrpc":"2.0","id":"size","method":"tools/list"}\n`);
    await server.until(() => server.lines.length === 2, 'the answers to a search and a tools/list');
    const answerBytes = Buffer.byteLength(server.lines.find((line) => line.includes('"id":"size"'))!) + 1;
    const baseline = server.rssMb();
    server.child.stdout.pause();
    // Each 50-byte tools/list asks for an answer of about 2.5 kB: unread, 40,000 of them would pile
    // up about 100 MB in the server.
    const requests = 40_000;
    const lines = Array.from({ length: requests }, (_, id) => `{"jsonrpc":"2.0","id":${id},"method":"tools/list"}\n`).join('');
    const writing = server.write(lines);
    // A server that holds off never takes all 2 MB while its answers wait; one that reads on does,
    // however slowly it goes. Either way it ends up idle: that is when it is looked at.
    let tookAll = false;
    void writing.then(() => (tookAll = true));
    await idle(server);
    const held = server.rssMb();
    const unreadMb = (requests * answerBytes) / MB;
    t.diagnostic(
      `${requests} tools/list of ${answerBytes} bytes each (${unreadMb.toFixed(0)} MB if all were answered); ` +
        `server memory ${baseline.toFixed(0)} MB before, ${held.toFixed(0)} MB while its answers went unread (+${(held - baseline).toFixed(0)} MB)`,
    );
    // A server that answered on would hold every answer while the client reads none, so it would grow
    // by at least their size. One that stops reading holds the answers to one read of its input.
    assert.ok(held - baseline < unreadMb, `resident memory grew from ${baseline} to ${held} MB`);
    assert.equal(tookAll, false, 'the server read every request while none of its answers were read');
    server.child.stdout.resume();
    await writing;
    server.child.stdin.end();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assertWholeLines(server);
    const ids = server.responses().slice(2).map((response) => response['id']);
    assert.deepEqual(ids.toSorted((a, b) => (a as number) - (b as number)), Array.from({ length: requests }, (_, id) => id));
  });
});

describe('cancellation', () => {
  test('a cancelled request gets no answer and does not hold up the exit; a cancellation of an id never sent cancels nothing', { timeout: 20_000 }, async () => {
    const server = new SpawnedServer(['mcp', projectDir]);
    const cancel = (requestId: Id) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId, reason: 'test' } });
    // One write: the cancellations are read before either request is answered. The server numbers
    // requests for the SDK itself (the ping is its second), so "2" must not reach the ping.
    await server.write(
      [call(7, 'find_symbol', { name: 'Rpc' }), cancel(7), JSON.stringify({ jsonrpc: '2.0', id: 'p', method: 'ping' }), cancel(2)].join('\n') + '\n',
    );
    server.child.stdin.end();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
    assert.deepEqual(server.responses(), [{ jsonrpc: '2.0', id: 'p', result: {} }]);
  });
});

describe('the id of a line, as written', () => {
  const cases: [string, string | undefined][] = [
    ['{"jsonrpc":"2.0","id":123456789012345678901234567890,"method":"ping"}', '123456789012345678901234567890'],
    ['{ "method" : "ping" , "id" : 1.0 }', '1.0'],
    ['{"params":{"id":1,"x":["}",{"id":2}]},"id":"a\\"b"}', '"a\\"b"'],
    ['{"id":1,"\\u0069d":-0}', '-0'],
    ['{"method":"ping"}', undefined],
    ['[{"id":1}]', undefined],
    ['{"id":12', undefined],
    ['{"id":"abc", "params": {"pad": "pppp', '"abc"'],
    ['{"params": {"pad": "pppp', undefined],
  ];
  for (const [line, expected] of cases) {
    test(line, () => assert.equal(idTextOf(line), expected));
  }
});
