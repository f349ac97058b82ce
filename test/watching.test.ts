/**
 * A server watches its project's folders, and a warm call checks only what the watcher heard: the
 * built server, spawned and asked as a client asks it, right after each change, must answer about the
 * disk as it is then. And a server that cannot watch says so once and checks every file instead.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { LineClient } from '../bench/lineClient.js';
import { temporaryFolder, write } from './hostile.js';

const clients: LineClient[] = [];
after(() => {
  for (const client of clients) client.kill();
});

/** A project of `files` small TypeScript files in a few folders, and a server on it, initialized. */
async function serverOn(files: number, command: readonly string[] = []): Promise<{ root: string; client: LineClient }> {
  const root = temporaryFolder();
  for (let i = 0; i < files; i++) write(root, `src/part${i % 7}/file${i}.ts`, `export function helper${i}(): number {\n  return ${i};\n}\n`);
  const client = new LineClient(['mcp', root], command);
  clients.push(client);
  await client.initialize();
  return { root, client };
}

const references = (client: LineClient, name: string) => client.callTool('find_references', { name });

describe('a server that watches its folders', () => {
  test('answers each of 10,000 calls made right after a write with the file as written', async () => {
    const { root, client } = await serverOn(300);
    const hot = path.join(root, 'src/hot.ts');
    let stale = 0;
    for (let i = 0; i < 10_000; i++) {
      // Same size every time, and mostly the same second: only the change itself tells.
      const mark = String(i).padStart(5, '0');
      writeFileSync(hot, `// marker ${mark}\n`);
      const answer = await references(client, 'marker');
      if (answer !== `src/hot.ts:1: // marker ${mark}`) stale++;
    }
    assert.equal(stale, 0);
    await client.close();
  });

  test('asked first once idle, after its watch was set: sees what changed meanwhile', async () => {
    const { root, client } = await serverOn(100);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // The watch is set and the stamps taken.
    // The same size, and mostly the same second: only the change itself tells.
    writeFileSync(path.join(root, 'src/part0/file0.ts'), 'export function fresh00(): number {\n  return 0;\n}\n');
    write(root, 'src/part1/added.ts', 'export const fresh = 1;\n');
    write(root, 'src/fresh/inner.ts', 'export const fresher = 2; // fresh\n');
    rmSync(path.join(root, 'src/part3/file3.ts'));
    assert.equal(
      await references(client, 'fresh'),
      ['src/fresh/inner.ts:1: export const fresher = 2; // fresh', 'src/part1/added.ts:1: export const fresh = 1;'].join('\n'),
    );
    assert.equal(await client.callTool('find_symbol', { name: 'fresh00' }), 'src/part0/file0.ts:1 function — export function fresh00(): number {');
    assert.equal(await references(client, 'helper3'), 'No references to helper3.');
    await client.close();
  });

  test('asked first before its watch was set, then idle: sees what changed after that first answer', async () => {
    const { root, client } = await serverOn(100);
    // At once: the call sets the watch itself, and once answered the server takes every stamp again while idle.
    assert.equal(await references(client, 'helper0'), 'src/part0/file0.ts:1: export function helper0(): number {');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // The same size, and mostly the same second as its first reading: only the change itself tells.
    writeFileSync(path.join(root, 'src/part0/file0.ts'), 'export function fresh00(): number {\n  return 0;\n}\n');
    write(root, 'src/part1/added.ts', 'export const fresh = 1;\n');
    rmSync(path.join(root, 'src/part3/file3.ts'));
    assert.equal(await references(client, 'fresh'), 'src/part1/added.ts:1: export const fresh = 1;');
    assert.equal(await client.callTool('find_symbol', { name: 'fresh00' }), 'src/part0/file0.ts:1 function — export function fresh00(): number {');
    assert.equal(await references(client, 'helper0'), 'No references to helper0.');
    assert.equal(await references(client, 'helper3'), 'No references to helper3.');
    await client.close();
  });

  test('sees a rename, a deleted folder and 1,000 files written at once, at the next call', async () => {
    const { root, client } = await serverOn(100);
    for (let i = 0; i < 3; i++) await references(client, 'helper1'); // Past the calls that check every file.
    renameSync(path.join(root, 'src/part1/file1.ts'), path.join(root, 'src/part1/renamed.ts'));
    assert.equal(await references(client, 'helper1'), 'src/part1/renamed.ts:1: export function helper1(): number {');
    rmSync(path.join(root, 'src/part1'), { recursive: true });
    assert.equal(await references(client, 'helper1'), 'No references to helper1.');
    assert.equal(await client.callTool('find_symbol', { name: 'helper15' }), 'No symbol matches helper15.');
    mkdirSync(path.join(root, 'src/burst'));
    for (let i = 0; i < 1000; i++) writeFileSync(path.join(root, `src/burst/b${String(i).padStart(4, '0')}.ts`), `export const burst${i} = ${i}; // burst\n`);
    for (let i = 2; i < 100; i += 7) writeFileSync(path.join(root, `src/part2/file${i}.ts`), `// burst ${i}\n`);
    const inPart2 = Array.from({ length: 14 }, (_, k) => `src/part2/file${k * 7 + 2}.ts:1: // burst ${k * 7 + 2}`).sort();
    assert.deepEqual((await client.callTool('find_references', { name: 'burst', path: 'src/part2/**' })).split('\n'), inPart2);
    for (let i = 0; i < 1000; i++) {
      assert.equal(await references(client, `burst${i}`), `src/burst/b${String(i).padStart(4, '0')}.ts:1: export const burst${i} = ${i}; // burst`);
    }
    assert.equal(await client.callTool('find_symbol', { name: 'burst999' }), 'src/burst/b0999.ts:1 const — export const burst999 = 999; // burst');
    await client.close();
  });
});

/** Whether this machine lets a process set its own inotify limits, in a user namespace of its own. */
function canLimitWatches(): boolean {
  try {
    execFileSync('unshare', ['-Ur', 'sh', '-c', 'echo 1 > /proc/sys/user/max_inotify_watches'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('a server that cannot watch its folders', () => {
  const limited = canLimitWatches();
  test(
    'says so once on stderr, and still sees every change at the next call',
    { skip: !limited && 'this machine does not let a process make a user namespace (unshare -Ur) to lower its inotify watch limit in' },
    async () => {
      // A limit of two watches: the walk's folders are more than that.
      const { root, client } = await serverOn(50, ['unshare', '-Ur', 'sh', '-c', 'echo 2 > /proc/sys/user/max_inotify_watches && exec "$0" "$@"']);
      for (let i = 0; i < 3; i++) assert.equal(await references(client, 'helper3'), 'src/part3/file3.ts:1: export function helper3(): number {');
      for (let i = 0; i < 20; i++) {
        writeFileSync(path.join(root, 'src/part3/file3.ts'), `// helper3 ${i}\n`);
        assert.equal(await references(client, 'helper3'), `src/part3/file3.ts:1: // helper3 ${i}`);
      }
      await client.close();
      assert.equal(client.stderrTail(), 'zumba: cannot watch the project for changes: the inotify watch limit is reached (fs.inotify.max_user_watches); each call checks every file instead\n');
    },
  );
});
