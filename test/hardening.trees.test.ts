/**
 * Hostile trees: links that loop or lead out, FIFOs and sockets, unreadable entries, files that change
 * between the walk and the read, a hundred thousand files, deep folders and odd names. Every tool
 * answers, answers right, and nothing outside the project is read.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { openProject } from '../src/session/project.js';
import { rootPrefixOf } from '../src/project/paths.js';
import { readSearchable } from '../src/project/searchable.js';
import type { WalkedFile } from '../src/project/walker.js';
import { answerOf, callTool, canRunAsNobody, NOBODY, refusalOf, runCli, temporaryFolder, watchReads, write } from './hostile.js';

const reads = watchReads();
let inputs = 0;

/** Every tool over the project: find_references and find_symbol of `needle`, and outline of each file given. */
async function allTools(root: string, files: readonly string[]): Promise<{ references: string; symbols: string }> {
  const project = openProject(root);
  try {
    for (const file of files) await answerOf(project, 'outline', { path: file });
    return {
      references: await answerOf(project, 'find_references', { name: 'needle' }),
      symbols: await answerOf(project, 'find_symbol', { name: 'needle' }),
    };
  } finally {
    await project.search.close();
  }
}

/** A Rust file defining `needle`, saying which file it is. */
const needleIn = (label: string) => `fn needle() {} // ${label}\n`;

describe('links, FIFOs and sockets', () => {
  const base = temporaryFolder();
  const root = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  write(outside, 'secret.rs', needleIn('outside'));
  execFileSync('mkfifo', [path.join(outside, 'fifo.rs')]);
  write(root, 'plain.rs', needleIn('plain'));
  write(root, 'sub/inner.rs', needleIn('inner'));

  fs.symlinkSync('.', path.join(root, 'loop'));
  fs.symlinkSync('..', path.join(root, 'sub', 'up'));
  fs.symlinkSync('self', path.join(root, 'self'));
  fs.symlinkSync('ping', path.join(root, 'pong'));
  fs.symlinkSync('pong', path.join(root, 'ping'));
  fs.symlinkSync('/etc', path.join(root, 'etc'));
  fs.symlinkSync('/etc/passwd', path.join(root, 'passwd.rs'));
  fs.symlinkSync(outside, path.join(root, 'outside'));
  fs.symlinkSync(path.join(outside, 'secret.rs'), path.join(root, 'secret.rs'));
  fs.symlinkSync(path.join(outside, 'fifo.rs'), path.join(root, 'fifo-outside.rs'));
  fs.symlinkSync(path.join(root, 'missing.rs'), path.join(root, 'dangling.rs'));
  execFileSync('mkfifo', [path.join(root, 'fifo.rs')]);
  // A .git whose exclude file, and a .git/info that, lead out of the project.
  write(outside, 'exclude', 'plain.rs\n');
  fs.mkdirSync(path.join(root, '.git', 'info'), { recursive: true });
  fs.symlinkSync(path.join(outside, 'exclude'), path.join(root, '.git', 'info', 'exclude'));

  const sockets: net.Server[] = [];
  after(() => sockets.forEach((server) => server.close()));
  const listen = (file: string) =>
    new Promise<void>((resolve, reject) => {
      const server = net.createServer().listen(file, resolve).on('error', reject);
      sockets.push(server);
    });

  test('every tool answers; only the two plain files are searched; nothing outside is read', { timeout: 30_000 }, async () => {
    await listen(path.join(root, 'socket.rs'));
    await listen(path.join(root, 'sub', '.gitignore')); // A socket where a rules file is looked for.
    reads.clear();
    const { references, symbols } = await allTools(root, ['plain.rs', 'loop/plain.rs', 'sub/up/sub/inner.rs']);
    assert.equal(references, 'plain.rs:1: fn needle() {} // plain\nsub/inner.rs:1: fn needle() {} // inner');
    assert.equal(symbols, 'plain.rs:1 function — fn needle() {} // plain\nsub/inner.rs:1 function — fn needle() {} // inner');
    assert.deepEqual(reads.outside(root), []);
    assert.ok(reads.outside().includes(path.join(root, 'plain.rs')), 'the record of reads holds what was read');
  });

  test('outline of each link, FIFO and socket: a clear refusal, nothing opened outside', { timeout: 30_000 }, async () => {
    const project = openProject(root);
    reads.clear();
    const refusals: [string, string | RegExp][] = [
      ['etc/passwd', 'Path is outside the project (through a symbolic link): etc/passwd'],
      ['passwd.rs', 'Path is outside the project (through a symbolic link): passwd.rs'],
      ['outside/secret.rs', 'Path is outside the project (through a symbolic link): outside/secret.rs'],
      ['secret.rs', 'Path is outside the project (through a symbolic link): secret.rs'],
      ['fifo-outside.rs', 'Path is outside the project (through a symbolic link): fifo-outside.rs'],
      ['fifo.rs', 'fifo.rs is not a regular file.'],
      ['socket.rs', 'socket.rs is not a regular file.'],
      ['dangling.rs', 'No such file: dangling.rs'],
      ['self', /^Cannot read self: too many (levels of )?symbolic links/],
      ['ping', /^Cannot read ping: too many (levels of )?symbolic links/],
    ];
    for (const [file, expected] of refusals) {
      inputs++;
      const message = await refusalOf(project, 'outline', { path: file });
      if (typeof expected === 'string') assert.equal(message, expected);
      else assert.match(message, expected);
    }
    // A link to the project itself is a folder in it: its map is the project's.
    inputs++;
    const loop = await callTool(project, 'outline', { path: 'loop' });
    assert.equal(loop.isError, false);
    assert.equal(loop.text, (await callTool(project, 'outline', { path: '.' })).text);
    assert.deepEqual(reads.outside(root), []);
  });

  inputs += 13; // loop, sub/up, self, ping/pong, /etc, passwd, outside folder, secret, FIFO outside, dangling, FIFO, socket, socket rules.
});

describe('odd names', () => {
  const root = temporaryFolder();
  const named = {
    'with space.rs': 'space',
    'co:lon.rs': 'colon',
    'col:1:2.rs': 'colon digits',
    'dir with space/in.rs': 'in folder',
    '-dash.rs': 'dash',
    ' lead.rs': 'leading space',
    'tab\there.rs': 'tab',
    'bad\ufffd.rs': 'genuine U+FFFD',
    'ünï.rs': 'unicode',
  };
  for (const [name, label] of Object.entries(named)) write(root, name, needleIn(label));
  // Names no one-line answer can show: left out of searches (docs/decisions.md).
  write(root, 'new\nline.rs', needleIn('newline'));
  write(root, 'carriage\rreturn.rs', needleIn('carriage return'));
  write(root, 'folder\nbreak/x.rs', needleIn('in a folder with a newline'));
  // Names that are not UTF-8: Node decodes each byte that is not as U+FFFD, so `bad\xff.rs` reads as
  // the genuine `bad\ufffd.rs` above. They are left out; the genuine file is found once, with its text.
  const bytes = (...parts: (string | number[])[]) =>
    Buffer.concat([Buffer.from(root + '/'), ...parts.map((part) => (typeof part === 'string' ? Buffer.from(part) : Buffer.from(part)))]);
  fs.writeFileSync(bytes('bad', [0xff], '.rs'), needleIn('latin byte'));
  fs.writeFileSync(bytes('lat', [0xe9], '.rs'), needleIn('latin-1 e acute'));
  fs.writeFileSync(bytes('two', [0xfe, 0xff], '.rs'), needleIn('two bad bytes'));
  fs.mkdirSync(bytes('dir', [0xc3]));
  fs.writeFileSync(bytes('dir', [0xc3], '/inside.rs'), needleIn('inside a badly named folder'));
  inputs += Object.keys(named).length + 3 + 4;

  const shown = Object.keys(named).sort((a, b) => (a < b ? -1 : 1));

  test('names with spaces, colons, tabs and non-ASCII are found under their names', { timeout: 30_000 }, async () => {
    assert.deepEqual(openProject(root).walk.current().map((file) => file.relative), shown.sort(byComponents));
    const { references, symbols } = await allTools(root, Object.keys(named));
    const expected = [...shown].sort(byComponents).map((name) => `${name}:1: fn needle() {} // ${named[name as keyof typeof named]}`);
    assert.equal(references, expected.join('\n'));
    assert.equal(symbols, expected.map((line) => line.replace(':1: ', ':1 function — ')).join('\n'));
  });

  test('names with line breaks, or not UTF-8, are left out; the genuine U+FFFD name keeps its own text', async () => {
    const project = openProject(root);
    const found = searchableTexts(project.realRoot, project.walk.current());
    assert.deepEqual(found.filter(([name]) => name!.startsWith('bad')), [['bad\ufffd.rs', needleIn('genuine U+FFFD')]]);
    assert.ok(found.every(([name]) => !/[\r\n]/.test(name!)), JSON.stringify(found));
  });

  test('outline of a name with a line break, given as it is, answers', async () => {
    const project = openProject(root);
    assert.equal(await answerOf(project, 'outline', { path: 'new\nline.rs' }), '1 function needle');
    assert.equal(await answerOf(project, 'outline', { path: 'bad\ufffd.rs' }), '1 function needle');
  });
});

/** Each walked file a search reads, as [relative path, text]. */
function searchableTexts(root: string, files: readonly WalkedFile[]): [string, string][] {
  return files.flatMap((file) => {
    const bytes = readSearchable(rootPrefixOf(root) + file.relative)?.bytes;
    return bytes === undefined ? [] : [[file.relative, bytes.toString('utf8')] as [string, string]];
  });
}

/** The walk's order: component by component, by code units. */
function byComponents(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1;
  return left.length - right.length;
}

describe('files that change between the walk and the read', () => {
  test('deleted, turned into a FIFO, or replaced by a link out of the project: skipped, nothing read outside', { timeout: 30_000 }, async () => {
    const base = temporaryFolder();
    const root = path.join(base, 'project');
    write(base, 'outside.txt', 'needle outside\n');
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt']) write(root, name, `needle ${name}\n`);
    const project = openProject(root);
    reads.clear();
    const walked = project.walk.current();
    // After the walk, before any file is read, the tree changes.
    fs.rmSync(path.join(root, 'b.txt'));
    fs.rmSync(path.join(root, 'c.txt'));
    execFileSync('mkfifo', [path.join(root, 'c.txt')]);
    fs.rmSync(path.join(root, 'd.txt'));
    fs.symlinkSync(path.join(base, 'outside.txt'), path.join(root, 'd.txt'));
    const read = searchableTexts(project.realRoot, walked);
    inputs += 3;
    assert.deepEqual(read, [['a.txt', 'needle a.txt\n'], ['e.txt', 'needle e.txt\n']]);
    assert.deepEqual(reads.outside(root), []);
    // The next call sees the tree as it now is.
    assert.equal(await answerOf(project, 'find_references', { name: 'needle' }), 'a.txt:1: needle a.txt\ne.txt:1: needle e.txt');
  });

  test('a file read once, then replaced by a link out of the project, is not read through it', async () => {
    const base = temporaryFolder();
    const root = path.join(base, 'project');
    write(base, 'outside.txt', 'needle outside\n');
    write(root, 'a.txt', 'needle inside\n');
    const project = openProject(root);
    assert.equal(await answerOf(project, 'find_references', { name: 'needle' }), 'a.txt:1: needle inside');
    fs.rmSync(path.join(root, 'a.txt'));
    fs.symlinkSync(path.join(base, 'outside.txt'), path.join(root, 'a.txt'));
    reads.clear();
    inputs++;
    assert.equal(await answerOf(project, 'find_references', { name: 'needle' }), 'No references to needle.');
    assert.deepEqual(reads.outside(root), []);
  });
});

describe('unreadable files and folders', () => {
  const asRoot = process.getuid?.() === 0;
  const runAs = asRoot ? (canRunAsNobody() ? NOBODY : undefined) : {};
  const skip = runAs === undefined && 'running as root, and the command cannot be run as an unprivileged user here';

  test('are skipped by searches and refused by outline, naming the file', { skip, timeout: 60_000 }, () => {
    const base = temporaryFolder();
    fs.chmodSync(base, 0o755); // The unprivileged user must reach the project.
    const root = path.join(base, 'project');
    write(root, 'open.rs', needleIn('open'));
    write(root, 'secret.rs', needleIn('secret'));
    write(root, 'locked/hidden.rs', needleIn('hidden'));
    write(root, 'blind/seen.rs', needleIn('listed but not searchable'));
    for (const folder of [base, root]) fs.chmodSync(folder, 0o755);
    fs.chmodSync(path.join(root, 'open.rs'), 0o644);
    fs.chmodSync(path.join(root, 'secret.rs'), 0o000);
    fs.chmodSync(path.join(root, 'locked'), 0o000);
    fs.chmodSync(path.join(root, 'blind'), 0o444); // Listed, but nothing in it can be opened.
    inputs += 3;
    // The index too must be the unprivileged user's own: one of root's would be refused (and said so).
    const cache = temporaryFolder();
    if (asRoot) fs.chownSync(cache, NOBODY.uid, NOBODY.gid);
    const cli = (...args: string[]) => runCli([args[0]!, '--project', root, '--cache-dir', cache, ...args.slice(1)], { cwd: root, ...runAs });
    try {
      checkUnreadable(cli);
    } finally {
      for (const locked of ['secret.rs', 'locked', 'blind']) fs.chmodSync(path.join(root, locked), 0o755); // So that they can be removed.
    }
  });

  function checkUnreadable(cli: (...args: string[]) => ReturnType<typeof runCli>): void {
    const references = cli('find-references', 'needle');
    assert.equal(references.stderr, '');
    assert.equal(references.stdout, 'open.rs:1: fn needle() {} // open\n');
    assert.equal(references.status, 0);
    const symbols = cli('find-symbol', 'needle');
    assert.equal(symbols.stdout, 'open.rs:1 function — fn needle() {} // open\n', symbols.stderr);
    assert.equal(symbols.status, 0);

    for (const file of ['secret.rs', 'locked/hidden.rs', 'blind/seen.rs']) {
      const refused = cli('outline', file);
      assert.equal(refused.status, 1, refused.stderr);
      assert.match(refused.stderr, new RegExp(`^Cannot read ${file}: permission denied`));
    }
  }
});

describe('many files, deep folders', () => {
  test('100,000 empty files: the walk counts them all; find_references and find_symbol answer right', { timeout: 120_000 }, async () => {
    const root = temporaryFolder();
    for (let folder = 0; folder < 100; folder++) {
      const dir = path.join(root, `d${String(folder).padStart(2, '0')}`);
      fs.mkdirSync(dir);
      for (let file = 0; file < 1000; file++) fs.writeFileSync(path.join(dir, `f${String(file).padStart(3, '0')}.rs`), '');
    }
    // A few hold text: 85 use `common` (past the 80-line cap), three define `rare`.
    for (let n = 0; n < 85; n++) fs.writeFileSync(path.join(root, `d${String(n).padStart(2, '0')}`, 'f500.rs'), 'common();\n');
    for (const folder of ['d07', 'd42', 'd99']) fs.writeFileSync(path.join(root, folder, 'f001.rs'), 'fn rare() {}\n');
    inputs++;

    const project = openProject(root);
    try {
      assert.equal(project.walk.current().length, 100_000);
      assert.equal(
        await answerOf(project, 'find_references', { name: 'rare' }),
        ['d07', 'd42', 'd99'].map((folder) => `${folder}/f001.rs:1: fn rare() {}`).join('\n'),
      );
      const common = (await answerOf(project, 'find_references', { name: 'common' })).split('\n');
      assert.equal(common.length, 81);
      assert.equal(common[79], 'd79/f500.rs:1: common();');
      assert.equal(common[80], '… more; narrow it with path');
      assert.equal(
        await answerOf(project, 'find_symbol', { name: 'rare' }),
        ['d07', 'd42', 'd99'].map((folder) => `${folder}/f001.rs:1 function — fn rare() {}`).join('\n'),
      );
      assert.equal(await answerOf(project, 'find_references', { name: 'absent' }), 'No references to absent.');
    } finally {
      await project.search.close();
    }
  });

  test('a tree 50 levels deep', { timeout: 30_000 }, async () => {
    const root = temporaryFolder();
    const deep = Array.from({ length: 50 }, (_, level) => `level${level}`).join('/');
    write(root, `${deep}/deep.py`, 'def needle():\n    pass\n');
    write(root, `${deep.split('/').slice(0, 25).join('/')}/.gitignore`, 'ignored.py\n');
    write(root, `${deep}/ignored.py`, 'def needle():\n    pass\n');
    inputs++;
    const { references, symbols } = await allTools(root, [`${deep}/deep.py`]);
    assert.equal(references, `${deep}/deep.py:1: def needle():`);
    assert.equal(symbols, `${deep}/deep.py:1 function — def needle():`);
  });

  test('folders nested past the longest path the system opens: what can be reached is searched', { timeout: 30_000 }, async () => {
    const root = temporaryFolder();
    write(root, 'near.rs', needleIn('near'));
    // 30 folders of 200 characters (PATH_MAX is 4,096), a file at level 10 and one at 30: made by a
    // child that steps down one folder at a time (no path from the root reaches the deepest ones).
    const name = (level: number) => `${String(level).padStart(2, '0')}${'x'.repeat(198)}`;
    const steps = `for (let level = 0; level < 30; level++) {
      const name = String(level).padStart(2, '0') + 'x'.repeat(198);
      fs.mkdirSync(name);
      process.chdir(name);
      if (level === 9 || level === 29) fs.writeFileSync('deep.rs', 'fn needle() {}\\n');
    }`;
    inputs++;
    try {
      execFileSync(process.execPath, ['-e', `const fs = require('node:fs'); ${steps}`], { cwd: root });
      const reachable = Array.from({ length: 10 }, (_, level) => name(level)).join('/');
      const { references, symbols } = await allTools(root, ['near.rs', `${reachable}/deep.rs`]);
      assert.equal(references, `${reachable}/deep.rs:1: fn needle() {}\nnear.rs:1: fn needle() {} // near`);
      assert.equal(symbols, `${reachable}/deep.rs:1 function — fn needle() {}\nnear.rs:1 function — fn needle() {} // near`);
    } finally {
      execFileSync('rm', ['-rf', path.join(root, name(0))]); // rm walks down by descriptors; fs.rmSync would not reach.
    }
  });
});

test('inputs tried', (t) => {
  t.diagnostic(`trees: ${inputs} hostile inputs`);
});
