/**
 * A remote cache (nginx with WebDAV's PUT on loopback): `zumba index --push` fills it, and a new
 * clone with an empty local index answers from it, reading only the files that hold the name; a
 * remote that fails, in every way one may, is said once and changes no answer.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { loadLanguages } from '../src/definitions/manifest.js';
import { contentKey } from '../src/index/contentKey.js';
import { indexSettings, openIndexStore } from '../src/index/index.js';
import { languageKey } from '../src/index/languageKey.js';
import { decodeFilesSnapshot, encodeFilesSnapshot, recordEntry, type RecordedEntry } from '../src/index/filesSnapshot.js';
import { decodeEntries, decodeWords, encodeEntries, encodeWords, objectName } from '../src/remote/objects.js';
import { pushIndex } from '../src/remote/push.js';
import { remoteKeys } from '../src/remote/remoteCache.js';
import type { RemoteSettings } from '../src/remote/remoteSettings.js';
import { shardOf } from '../src/project/shardOf.js';
import { Shard } from '../src/search/shard.js';
import { cliPath } from './helpers.js';
import { committedRepository, git, PAST } from './gitRepository.js';
import { temporaryFolder, watchReads } from './hostile.js';
import { misbehaving, PASSWORD, startNginx, withoutNginx, type Misbehaviour, type Nginx } from './remoteServers.js';
import { killAll, SpawnedServer } from './spawnedServer.js';

const reads = watchReads();
const languages = loadLanguages();
const files = { 'a.rs': 'fn needle() {}\n', 'b.rs': 'fn other() {}\n', 'c.txt': 'nothing here\n', 'deep/d.rs': 'fn needle_too() { needle(); }\n', 'e.py': 'def spin():\n    return 1\n' };
const relatives = Object.keys(files);

const answers = {
  references: [
    { relative: 'a.rs', line: 1, text: 'fn needle() {}' },
    { relative: 'deep/d.rs', line: 1, text: 'fn needle_too() { needle(); }' },
  ],
  symbols: [{ relative: 'a.rs', definition: { line: 1, kind: 'function', name: 'needle' } }],
};

const repository = () => committedRepository(files);

/**
 * A clone, as a fresh machine made one a while ago: its files are no recent change (whose stamps a
 * snapshot does not keep), and git's next command writes its index with their stats.
 */
async function cloneOf(repo: string): Promise<string> {
  const clone = path.join(temporaryFolder(), 'clone');
  git(path.dirname(clone), 'clone', '-q', repo, clone);
  for (const relative of git(clone, 'ls-files', '-z').split('\0').filter((name) => name !== '')) utimesSync(path.join(clone, relative), PAST, PAST);
  await delay(20);
  git(clone, 'status', '--short');
  return clone;
}

/** A cache folder of its own: a machine's. */
const cacheFolder = () => indexSettings({ cacheDir: path.join(temporaryFolder(), 'cache') }, assert.fail);

const keys = remoteKeys(languages);

function shardIn(root: string, cache: ReturnType<typeof cacheFolder>, remote?: { settings: RemoteSettings; warn: (message: string) => void }): Shard {
  const shard = new Shard(root, languages, openIndexStore(cache, root, assert.fail), undefined, remote && { ...remote, keys: Promise.resolve(keys), wordsWithEntries: false });
  shard.setFiles(relatives.map((relative, order) => ({ relative, order })));
  return shard;
}

/** The repository indexed in a cache of its own and pushed to the remote, as CI does; that cache. */
async function pushed(repo: string, url: string): Promise<ReturnType<typeof cacheFolder>> {
  const cache = cacheFolder();
  const shard = shardIn(repo, cache);
  while (await shard.fill());
  await pushIndex({ projectRoot: repo, languages, store: openIndexStore(cache, repo, assert.fail), snapshotNames: ['files-0-of-1'] }, settingsOf(url));
  return cache;
}

const settingsOf = (url: string, timeoutMs = 5000): RemoteSettings => ({ url, timeoutMs });

/** A search of `needle` both ways, with the files of the project read meanwhile. */
async function searched(root: string, shard: Shard) {
  reads.clear();
  const references = await shard.search({ kind: 'references', name: 'needle' }, 81);
  const symbols = await shard.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41);
  const opened = reads.within(root).filter((file) => !file.includes(`${path.sep}.git`));
  return {
    references: references.map(({ relative, line, text }) => ({ relative, line, text })),
    symbols: symbols.map(({ relative, definition }) => ({ relative, definition: { line: definition.line, kind: definition.kind, name: definition.name } })),
    opened: [...new Set(opened)].map((file) => path.relative(root, file)).sort(),
  };
}

test("a bucket's entries object reads back as it was made, however many megabytes it holds", () => {
  // 3,000 entries of 1 KB filters: three times the part the snapshot encoder writes at a time.
  const entries = Array.from({ length: 3000 }, (_, i) => {
    const words = Buffer.alloc(1024, i % 251);
    return recordEntry(`dir/file-${i}.c`, { stamp: '', content: contentKey(Buffer.from(String(i))), words, defined: undefined, blob: Buffer.alloc(20, i % 7) }, (size) => ({ block: Buffer.alloc(size), at: 0 }));
  });
  const body = encodeEntries(entries);
  const decoded = decodeEntries(body, objectName(body));
  assert.ok(decoded !== undefined);
  assert.equal(decoded.length, entries.length);
  for (const [i, entry] of entries.entries()) {
    const back: RecordedEntry = decoded[i]!;
    assert.equal(back.relative, `dir/file-${i}.c`);
    assert.ok(back.content.equals(entry.content) && Buffer.compare(back.words!, entry.words!) === 0 && back.blob!.equals(entry.blob!), `entry ${i}`);
  }
});

test("a bucket's words object reads back each file's filter in its order, and one damaged or cut short does not read", () => {
  const filters = [Buffer.alloc(64, 1), undefined, Buffer.alloc(128, 2)];
  const body = encodeWords(filters);
  assert.deepEqual(decodeWords(body, objectName(body)), [Buffer.alloc(64, 1), Buffer.alloc(0), Buffer.alloc(128, 2)]);
  const short = body.subarray(0, body.length - 1);
  assert.equal(decodeWords(short, objectName(short)), undefined);
  const flipped = Buffer.from(body);
  flipped[10]! ^= 1;
  assert.equal(decodeWords(flipped, objectName(body)), undefined);
  const defined = { language: Buffer.alloc(16, 5), names: Buffer.from('needle\0') };
  const entry = recordEntry('a.c', { stamp: '', content: contentKey(Buffer.from('a')), words: undefined, defined, blob: Buffer.alloc(20, 9) }, (size) => ({ block: Buffer.alloc(size), at: 0 }));
  const given = entry.withWords(filters[2]!);
  assert.ok(given.knowsWords && !entry.knowsWords);
  // Saved, with its own stamp or another, it is one entry holding both.
  for (const [saved, stamp] of [[given, ''], [{ entry: given, stamp: 'stamp of this worktree' }, 'stamp of this worktree']] as const) {
    const [back, ...rest] = decodeFilesSnapshot(Buffer.concat([...encodeFilesSnapshot([saved])].map((part) => Buffer.from(part))))!;
    assert.equal(rest.length, 0);
    assert.equal(back!.relative, 'a.c');
    assert.equal(back!.stamp, stamp);
    assert.ok(Buffer.compare(back!.words!, filters[2]!) === 0 && back!.blob!.equals(entry.blob!) && back!.content.equals(entry.content));
    assert.ok(back!.defined!.language.equals(defined.language) && back!.defined!.names.equals(defined.names));
  }
});

describe('remote cache', { skip: withoutNginx }, () => {
  let nginx: Nginx;
  before(async () => {
    nginx = await startNginx();
  });
  after(async () => {
    await nginx.stop();
  });

  /** A repository pushed to nginx, a proxy before it that behaves `how`, and a clone: `use` is given the proxy's URL and the clone. */
  async function throughProxy(how: Misbehaviour, use: (remote: string, clone: string) => Promise<void>): Promise<void> {
    const repo = repository();
    const url = `${nginx.url}${how.replace(' ', '-')}/`;
    await pushed(repo, url);
    const proxy = await misbehaving(url, how);
    try {
      await use(proxy.url, await cloneOf(repo));
    } finally {
      await proxy.stop();
    }
  }

  test('a cold start through the remote reads only the files that hold the name, and keeps what it fetched', async () => {
    const repo = repository();
    const url = `${nginx.url}team/`;
    const ciCache = await pushed(repo, url);
    const clone = await cloneOf(repo);
    const cache = cacheFolder();
    const warnings: string[] = [];
    const found = await searched(clone, shardIn(clone, cache, { settings: settingsOf(url), warn: (message) => warnings.push(message) }));
    assert.deepEqual(found, { ...answers, opened: ['a.rs', 'deep/d.rs'] });
    assert.equal(warnings.join("\n"), "");
    assert.ok(nginx.requests().some((line) => line.startsWith('GET /team/v2/') && line.includes('/commits/') && / 200 \d+$/.test(line)));

    // Filled, then a server without the remote: its own snapshot and records, nothing fetched.
    const filling = shardIn(clone, cache, { settings: settingsOf(url), warn: (message) => warnings.push(message) });
    while (await filling.fill());
    // Each file's, those no search needed too (the fill reads each bucket into the buffer the one before it was read into): the writer's.
    const store = openIndexStore(cache, clone, assert.fail);
    const written = openIndexStore(ciCache, repo, assert.fail);
    const defining = relatives.filter((relative) => languages.defining(relative) !== undefined);
    assert.deepEqual(defining, ['a.rs', 'b.rs', 'deep/d.rs', 'e.py']);
    for (const relative of defining) {
      const keys = [contentKey(Buffer.from(files[relative as keyof typeof files])), languageKey(languages.defining(relative)!)] as const;
      assert.deepEqual(store.definitions(...keys), written.definitions(...keys), relative);
      assert.ok(store.definitions(...keys) !== undefined, relative);
    }
    const before = nginx.requests().length;
    assert.deepEqual(await searched(clone, shardIn(clone, cache)), { ...answers, opened: ['a.rs', 'deep/d.rs'] });
    assert.equal(nginx.requests().length, before);
  });

  test("a server's shard answers find_symbol before the word filters come, and saves its snapshot only once they have; a command's fetches them first", async () => {
    const repo = repository();
    const url = `${nginx.url}words/`;
    await pushed(repo, url);
    const clone = await cloneOf(repo);
    const cache = cacheFolder();
    const store = openIndexStore(cache, clone, assert.fail);
    const server = shardIn(clone, cache, { settings: settingsOf(url), warn: assert.fail });
    const symbols = await server.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41);
    assert.deepEqual(symbols.map(({ relative }) => relative), ['a.rs']);
    server.persist({ now: true });
    assert.equal(store.snapshot('files-0-of-1'), undefined, 'no snapshot of entries without their word filters');
    while (await server.fill());
    const saved = decodeFilesSnapshot(store.snapshot('files-0-of-1')!)!;
    assert.deepEqual(saved.filter((entry) => entry.knowsWords).map((entry) => entry.relative).sort(), relatives.slice().sort());

    const commandCache = cacheFolder();
    const command = new Shard(clone, languages, openIndexStore(commandCache, clone, assert.fail), undefined, { settings: settingsOf(url), warn: assert.fail, keys: Promise.resolve(keys), wordsWithEntries: true });
    command.setFiles(relatives.map((relative, order) => ({ relative, order })));
    await command.search({ kind: 'symbols', name: 'needle', match: 'exact' }, 41);
    command.persist({ now: true });
    // Saved before it answers, of the files its search looked at (the text file has no language: a symbol search passes it by).
    const commandSaved = decodeFilesSnapshot(openIndexStore(commandCache, clone, assert.fail).snapshot('files-0-of-1')!)!;
    assert.deepEqual(commandSaved.map((entry) => entry.relative).sort(), ['a.rs', 'b.rs', 'deep/d.rs', 'e.py']);
    assert.ok(commandSaved.every((entry) => entry.knowsWords));
  });

  test('a file changed since the commit the remote has is read and answered as it is now', async () => {
    const repo = repository();
    const url = `${nginx.url}changed/`;
    await pushed(repo, url);
    const clone = await cloneOf(repo);
    writeFileSync(path.join(clone, 'b.rs'), 'fn needle() {}\n');
    const found = await searched(clone, shardIn(clone, cacheFolder(), { settings: settingsOf(url), warn: assert.fail }));
    assert.deepEqual(found.symbols.map((symbol) => symbol.relative), ['a.rs', 'b.rs']);
    assert.deepEqual(found.opened, ['a.rs', 'b.rs', 'deep/d.rs']);
  });

  test('a commit the remote has not seen takes the nearest one before it', async () => {
    const repo = repository();
    const url = `${nginx.url}ancestor/`;
    await pushed(repo, url);
    writeFileSync(path.join(repo, 'f.rs'), 'fn needle_later() {}\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'later');
    const clone = await cloneOf(repo);
    const shard = shardIn(clone, cacheFolder(), { settings: settingsOf(url), warn: assert.fail });
    shard.setFiles([...relatives, 'f.rs'].map((relative, order) => ({ relative, order })));
    const found = await searched(clone, shard);
    assert.deepEqual(found, { ...answers, opened: ['a.rs', 'deep/d.rs', 'f.rs'] });
  });

  for (const [how, said] of [
    ['cut', /ended early|aborted|socket hang up|ECONNRESET/],
    ['short', /does not check/],
    ['flipped', /does not check/],
    ['missing objects', /is missing/],
    ['nothing', /has no index of HEAD/],
    ['silent', /no answer within 300 ms/],
    ['not gzip', /its gzip does not read/],
  ] as [Misbehaviour, RegExp][]) {
    test(`a remote that answers "${how}" is said once, and the answers are those of no remote`, async () => {
      await throughProxy(how, async (remote, clone) => {
        const warnings: string[] = [];
        const shard = shardIn(clone, cacheFolder(), { settings: settingsOf(remote, 300), warn: (message) => warnings.push(message) });
        const found = await searched(clone, shard);
        assert.deepEqual({ references: found.references, symbols: found.symbols }, answers);
        assert.equal(warnings.length, 1, warnings.join('\n'));
        assert.match(warnings[0]!, said);
        while (await shard.fill()); // Its fill too ends, having read the files.
      });
    });
  }

  test('a remote that compresses its answers on the wire (Content-Encoding: gzip) serves as well', async () => {
    await throughProxy('gzip', async (remote, clone) => {
      const found = await searched(clone, shardIn(clone, cacheFolder(), { settings: settingsOf(remote), warn: assert.fail }));
      assert.deepEqual(found, { ...answers, opened: ['a.rs', 'deep/d.rs'] });
    });
  });

  test('two readers and a writer at once', async () => {
    const repo = repository();
    const url = `${nginx.url}busy/`;
    await pushed(repo, url);
    const clones = await Promise.all([cloneOf(repo), cloneOf(repo)]);
    const [, ...found] = await Promise.all([pushed(repo, url), ...clones.map((clone) => searched(clone, shardIn(clone, cacheFolder(), { settings: settingsOf(url), warn: assert.fail })))]);
    for (const each of found) assert.deepEqual(each, { ...answers, opened: ['a.rs', 'deep/d.rs'] });
  });

  describe('from the command line', () => {
    after(killAll);

    function zumba(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
      return new Promise((resolve) => {
        const child = spawn(process.execPath, [cliPath, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        child.on('close', (code) => resolve({ code, stdout, stderr }));
      });
    }

    /** A server on the clone, asked for `needle`'s definition as a client asks: the server and its answer. */
    async function serverAnswer(clone: string, cache: string, url: string): Promise<{ server: SpawnedServer; text: string }> {
      const server = new SpawnedServer(['mcp', clone, '--cache-dir', cache, '--remote-cache', url]);
      const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } } };
      const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_symbol', arguments: { name: 'needle' } } };
      await server.write([initialize, { jsonrpc: '2.0', method: 'notifications/initialized' }, call].map((message) => `${JSON.stringify(message)}\n`).join(''));
      await server.until(() => server.responses().some((response) => response['id'] === 2), 'the answer to find_symbol');
      const answer = server.responses().find((response) => response['id'] === 2) as { result: { content: { text: string }[] } };
      return { server, text: answer.result.content[0]!.text };
    }

    test('a server answers a fresh clone from the remote, saves its shards once idle, and the next server asks the remote nothing', async () => {
      const repo = repository();
      const url = `${nginx.url}served/`;
      const pushedOut = await zumba(['index', '--project', repo, '--cache-dir', path.join(temporaryFolder(), 'c'), '--push', '--remote-cache', url]);
      assert.equal(pushedOut.code, 0, pushedOut.stderr);
      const clone = await cloneOf(repo);
      const cache = path.join(temporaryFolder(), 'cache');
      const first = await serverAnswer(clone, cache, url);
      assert.match(first.text, /^a\.rs:1 function — fn needle\(\) \{\}$/m);
      assert.ok(nginx.requests().some((line) => line.startsWith('GET /served/v2/objects/') && / 200 \d+$/.test(line)));
      // Idle, its fill writes the remote's definitions, then each shard with files saves its snapshot.
      const shards = availableParallelism() < 2 ? 1 : availableParallelism();
      const project = createHash('sha256').update(realpathSync(clone)).digest('hex').slice(0, 32);
      const snapshots = [...new Set(relatives.map((relative) => shardOf(relative, shards)))].map((shard) => path.join(cache, 'snapshots', `${project}-files-${shard}-of-${shards}.snapshot`));
      for (let waited = 0; !snapshots.every((file) => existsSync(file)); waited += 50) {
        assert.ok(waited < 60_000, `no snapshot of every shard a minute after the answer; stderr: ${first.server.stderr}`);
        await delay(50);
      }
      first.server.child.stdin.end();
      assert.deepEqual(await first.server.exited, { code: 0, signal: null });
      assert.equal(first.server.stderr, '');

      const before = nginx.requests().length;
      const second = await serverAnswer(clone, cache, url);
      assert.equal(second.text, first.text);
      second.server.child.stdin.end();
      assert.deepEqual(await second.server.exited, { code: 0, signal: null });
      assert.equal(second.server.stderr, '');
      assert.deepEqual(nginx.requests().slice(before), []);
    });

    test('index --push, then find-symbol on a clone with an empty cache, through a URL with credentials that appear nowhere', async () => {
      const repo = repository();
      const url = `http://reader:${PASSWORD}@${new URL(nginx.url).host}/private/`;
      const pushedOut = await zumba(['index', '--project', repo, '--cache-dir', path.join(temporaryFolder(), 'c'), '--push', '--remote-cache', url]);
      assert.equal(pushedOut.code, 0, pushedOut.stderr);
      assert.match(pushedOut.stdout, /^pushed \d+ of 192 objects .* to http:\/\/127\.0\.0\.1:\d+\/private\/\n$/);
      const clone = await cloneOf(repo);
      const found = await zumba(['find-symbol', '--project', clone, '--cache-dir', path.join(temporaryFolder(), 'c'), 'needle'], { ZUMBA_REMOTE_CACHE: url });
      assert.deepEqual(found, { code: 0, stdout: 'a.rs:1 function — fn needle() {}\n', stderr: '' });
      assert.ok(nginx.requests().some((line) => line.startsWith('GET /private/v2/objects/') && / 200 \d+$/.test(line)));
      // Refused credentials: said, without them.
      const refused = await zumba(['find-symbol', '--project', await cloneOf(repo), '--cache-dir', path.join(temporaryFolder(), 'c'), '--remote-cache', url.replace(PASSWORD, `${PASSWORD}x`), 'needle']);
      assert.equal(refused.stdout, 'a.rs:1 function — fn needle() {}\n');
      assert.match(refused.stderr, /^zumba: remote cache http:\/\/127\.0\.0\.1:\d+\/private\/: GET .* answered 401; answering from local work\n$/);
      for (const output of [pushedOut, found, refused]) assert.ok(!`${output.stdout}${output.stderr}`.includes(PASSWORD));
    });

    test('a repository of one file is pushed: the shards with no file have no snapshot, and nothing to put', async () => {
      const root = realpathSync(temporaryFolder());
      writeFileSync(path.join(root, 'only.rs'), 'fn needle() {}\n');
      utimesSync(path.join(root, 'only.rs'), PAST, PAST);
      git(root, 'init', '-q');
      git(root, 'add', '-A');
      git(root, 'commit', '-qm', 'one file');
      const out = await zumba(['index', '--project', root, '--cache-dir', path.join(temporaryFolder(), 'c'), '--push', '--remote-cache', `${nginx.url}one/`]);
      assert.equal(out.code, 0, out.stderr);
      const clone = await cloneOf(root);
      const found = await zumba(['find-symbol', '--project', clone, '--cache-dir', path.join(temporaryFolder(), 'c'), '--remote-cache', `${nginx.url}one/`, 'needle']);
      assert.deepEqual(found, { code: 0, stdout: 'only.rs:1 function — fn needle() {}\n', stderr: '' });
    });

    test('a token in ZUMBA_REMOTE_CACHE_HEADER is sent, and never printed', async () => {
      const repo = repository();
      const token = Buffer.from(`reader:${PASSWORD}`).toString('base64');
      const env = { ZUMBA_REMOTE_CACHE: `${nginx.url}private/`, ZUMBA_REMOTE_CACHE_HEADER: `Authorization: Basic ${token}` };
      const out = await zumba(['index', '--project', repo, '--cache-dir', path.join(temporaryFolder(), 'c'), '--push'], env);
      assert.equal(out.code, 0, out.stderr);
      const wrong = await zumba(['index', '--project', repo, '--cache-dir', path.join(temporaryFolder(), 'c'), '--push'], { ...env, ZUMBA_REMOTE_CACHE_HEADER: `Authorization: Basic x${token}` });
      assert.equal(wrong.code, 1);
      assert.match(wrong.stderr, /answered 401/);
      for (const output of [out, wrong]) assert.ok(!`${output.stdout}${output.stderr}`.includes(token));
    });

    test('usage: --push needs a remote; a remote that is no http(s) URL, or with --no-cache, is refused', async () => {
      const repo = repository();
      const cases: [string[], RegExp][] = [
        [['index', '--project', repo, '--push'], /index --push needs a remote cache/],
        [['find-symbol', '--project', repo, '--remote-cache', 'ftp://example.com/', 'x'], /must be http: or https:, not ftp:/],
        [['find-symbol', '--project', repo, '--remote-cache', 'not a url', 'x'], /is not a URL/],
        [['find-symbol', '--project', repo, '--no-cache', '--remote-cache', nginx.url, 'x'], /not with --no-cache/],
      ];
      for (const [args, said] of cases) {
        const out = await zumba(args);
        assert.equal(out.code, 2, args.join(' '));
        assert.match(out.stderr, said);
      }
    });
  });
});
