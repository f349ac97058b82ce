import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { openProject, type Project } from '../src/session/project.js';
import { ProjectWalk } from '../src/project/walker.js';
import { seededRandom } from './seededRandom.js';
import { watchReads } from './hostile.js';
import { rootPrefixOf } from '../src/project/paths.js';
import { readSearchable } from '../src/project/searchable.js';

const temporaries: string[] = [];
after(() => {
  for (const folder of temporaries) fs.rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-'));
  temporaries.push(folder);
  return folder;
}

/** Writes a file, creating its folders. */
function write(root: string, relative: string, content: string | Buffer = `${relative}\n`): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** The walk's files that a search reads, with their contents, in path order. */
function searchableFiles(project: Project): { relative: string; bytes: Buffer }[] {
  return project.walk.current().flatMap((file) => {
    const bytes = readSearchable(rootPrefixOf(project.realRoot) + file.relative)?.bytes;
    return bytes === undefined ? [] : [{ relative: file.relative, bytes }];
  });
}

describe('the walk and the searchable files on a fixture tree', () => {
  const base = temporaryFolder();
  const root = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  fs.mkdirSync(root);
  write(outside, 'secret.txt');
  write(outside, 'ignore-everything', '*\n');

  // The repository folder: never listed; its exclude file is a source of rules.
  write(root, '.git/HEAD', 'ref: refs/heads/main\n');
  write(root, '.git/config', '[core]\n');
  write(root, '.git/objects/ab/cdef', 'object\n');
  write(root, '.git/info/exclude', '# local rules\n*.secret\n');

  write(root, '.gitignore', ['*.log', '!keep.log', '/build', 'tmp/', 'vendor/', '# a comment', 'ignored\\ name.txt', 'cscope.*', ''].join('\n'));
  write(root, 'README.md');
  write(root, 'a.log'); // *.log
  write(root, 'keep.log'); // !keep.log
  write(root, 'a.secret'); // .git/info/exclude
  write(root, 'build/out.js'); // /build: anchored to the root
  write(root, 'src/build/in.js'); // a nested build folder stays
  write(root, 'tmp/t.txt'); // tmp/: a folder
  write(root, 'src/tmp'); // a file named tmp stays
  write(root, 'src/util/tmp/x.txt'); // tmp/ matches at any depth
  write(root, 'src/util/helper.ts');
  write(root, 'src/x.log');
  write(root, 'src/cscope.out'); // cscope.*: a name's start
  write(root, 'src/cscope'); // not that start
  write(root, 'src/keep.log');
  write(root, 'src/b.secret');
  write(root, 'vendor/x.js');

  // A deeper .gitignore overrides a shallower one, and a still deeper one overrides it again.
  write(root, 'deep/.gitignore', '!*.log\n*.md\n');
  write(root, 'deep/debug.log');
  write(root, 'deep/notes.md');
  write(root, 'deep/inner/.gitignore', 'debug.log\n');
  write(root, 'deep/inner/debug.log');
  write(root, 'deep/inner/other.log');

  // A folder excluded at the root and re-included deeper: the root's other rules still apply inside.
  write(root, 'pkg/.gitignore', '!vendor/\n');
  write(root, 'pkg/vendor/lib.js');
  write(root, 'pkg/vendor/trace.log');
  write(root, 'pkg/vendor/tmp/cache.js');

  // Size and content rules.
  write(root, 'big.txt', 'x'.repeat(600 * 1024));
  write(root, 'exact.txt', 'y'.repeat(524288));
  write(root, 'binary.dat', Buffer.from([0x41, 0x42, 0x00, 0x43]));

  write(root, '.config/settings.json', '{}\n');
  write(root, 'my docs/a file.txt');
  write(root, 'ignored name.txt');

  // Links are not followed, and not listed.
  fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'link-out'));
  fs.symlinkSync('README.md', path.join(root, 'link-in'));
  write(root, 'loop/file.txt');
  fs.symlinkSync('..', path.join(root, 'loop', 'up'));
  // A .gitignore that is a link is not read (git refuses it too), least of all one leading outside.
  write(root, 'linked-rules/seen.txt');
  fs.symlinkSync(path.join(outside, 'ignore-everything'), path.join(root, 'linked-rules', '.gitignore'));

  // FIFOs: neither listed nor opened in a way that blocks, even as a .gitignore.
  execFileSync('mkfifo', [path.join(root, 'fifo')]);
  write(root, 'fifo-rules/a.txt');
  execFileSync('mkfifo', [path.join(root, 'fifo-rules', '.gitignore')]);

  const searched = [
    '.config/settings.json',
    '.gitignore',
    'README.md',
    'deep/.gitignore',
    'deep/debug.log',
    'deep/inner/.gitignore',
    'deep/inner/other.log',
    'exact.txt',
    'fifo-rules/a.txt',
    'keep.log',
    'linked-rules/seen.txt',
    'loop/file.txt',
    'my docs/a file.txt',
    'pkg/.gitignore',
    'pkg/vendor/lib.js',
    'src/build/in.js',
    'src/cscope',
    'src/keep.log',
    'src/tmp',
    'src/util/helper.ts',
  ];

  test('searchableFiles lists exactly the searchable files, in path order', { timeout: 20_000 }, () => {
    const project = openProject(root);
    assert.deepEqual(searchableFiles(project).map((file) => file.relative), searched);
  });

  test('the walk lists the same files plus the large and binary ones', { timeout: 20_000 }, () => {
    const project = openProject(root);
    const expected = [...searched, 'big.txt', 'binary.dat'].sort(byFolderThenName);
    assert.deepEqual(project.walk.current().map((file) => file.relative), expected);
  });

  test('searchableFiles reads each file whole; the root prefix and a relative path name the file', () => {
    const project = openProject(root);
    const files = new Map(searchableFiles(project).map((file) => [file.relative, file]));
    assert.equal(files.get('exact.txt')?.bytes.length, 524288);
    assert.equal(files.get('README.md')?.bytes.toString('utf8'), 'README.md\n');
    for (const file of project.walk.current()) {
      assert.ok(fs.lstatSync(rootPrefixOf(project.realRoot) + file.relative).isFile(), file.relative);
    }
  });
});

/** The walk's order: each folder's entries by name (code units), a folder's files where its name sorts. */
function byFolderThenName(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1;
  }
  return left.length - right.length;
}

// ---------------------------------------------------------------------------------------------
// Differential test: on random repositories, the walk must list what git lists as untracked and
// not ignored (nothing is tracked, so that is every file git would search).

const folderNames = ['build', 'gen', 'doc', 'a', 'b', 'src', 'tmp', 'keep', 'my dir', '.hidden'];
const fileNames = [
  'main.js', 'util.ts', 'debug.log', 'important.log', 'notes.txt', 'x.tmp', 'keep.tmp', 'root-only', '#comment',
  '#hash', 'README.md', 'b', 'trail', 'space ', 'my file.txt', 'Debug.LOG', '!bang', '.env',
];
/**
 * Realistic .gitignore lines. Left out on purpose, as known differences of the `ignore` package from
 * git (see its README, "Known differences from git"): a run of asterisks right after a literal prefix
 * or next to an escaped slash, which git reads as a globstar and `ignore` does not, and non-ASCII
 * names, which git matches as bytes.
 */
const patternPool = [
  '*.log', '!important.log', '!*.log', '/root-only', 'root-only', 'build/', '!build/', '/build', 'build',
  '**/gen/**', 'gen/', '!gen/', 'doc/*.txt', '*.txt', '!notes.txt', 'a/**/b', '**/a', 'a/', '!a/', '#comment',
  '\\#hash', '#hash', 'trail   ', 'space\\ ', '*.tmp', '!*.tmp', '!keep.tmp', 'tmp/', 'tmp', '!tmp/', 'out',
  '/lib/', 'lib/**', '!lib/keep/', 'src/*.js', '*.md', '!README.md', 'x', '**/x', '!x', '[ab]', '?', '*.js',
  '!main.js', 'my\\ file.txt', 'my dir/', '.env', '!.env', '.hidden/', '!.hidden/', 'b/', '!b', 'keep/',
  '!keep/', '*', '!*/', '!*.ts', '', '   ', '\\!bang', '*.LOG', '/*.json', 'src/', '!src/', '**/doc', 'doc/**/*.txt',
  'notes.*', '!debug.*', '.*', '!.env', '*~', 'Debug*',
];

interface RepositoryShape {
  readonly files: string[];
  readonly rules: Map<string, string>;
}

function generateRepository(next: () => number): RepositoryShape {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const folders = [''];
  const folderCount = 3 + Math.floor(next() * 8);
  for (let i = 0; i < folderCount; i++) {
    const parent = pick(folders);
    if (parent.split('/').length >= 4) continue;
    const folder = parent === '' ? pick(folderNames) : `${parent}/${pick(folderNames)}`;
    if (!folders.includes(folder)) folders.push(folder);
  }
  const files: string[] = [];
  for (const folder of folders) {
    const count = 1 + Math.floor(next() * 6);
    for (let i = 0; i < count; i++) {
      const file = folder === '' ? pick(fileNames) : `${folder}/${pick(fileNames)}`;
      if (!files.includes(file) && !folders.includes(file)) files.push(file);
    }
  }

  const rulesFile = (folder: string) => (folder === '' ? '.gitignore' : `${folder}/.gitignore`);
  const isAbove = (above: string, folder: string) => above !== folder && (above === '' || folder.startsWith(`${above}/`));
  const lines = new Map<string, string[]>();
  const patterns = (most: number) => Array.from({ length: 1 + Math.floor(next() * most) }, () => pick(patternPool));
  if (next() < 0.4) lines.set('.git/info/exclude', patterns(2));
  for (const folder of folders) {
    if (next() >= (folder === '' ? 0.8 : 0.5)) continue;
    const own = patterns(5);
    // Mostly, negate deeper a pattern of a shallower file (`*.tmp` then `!*.tmp`).
    const inherited = folders.filter((above) => isAbove(above, folder)).flatMap((above) => lines.get(rulesFile(above)) ?? []);
    const excluding = inherited.filter((line) => /^[^!#\s]/.test(line));
    if (excluding.length > 0 && next() < 0.8) own.splice(Math.floor(next() * (own.length + 1)), 0, `!${pick(excluding)}`);
    lines.set(rulesFile(folder), own);
  }
  // Half the time, a folder excluded by a shallower file and re-included by a deeper one: inside it,
  // the shallower file's other patterns still apply, as git reads them.
  const nested = folders.filter((folder) => folder.includes('/'));
  if (nested.length > 0 && next() < 0.5) {
    const folder = pick(nested);
    const parent = folder.slice(0, folder.lastIndexOf('/'));
    const name = folder.slice(parent.length + 1);
    const excluder = pick(['.git/info/exclude', ...folders.filter((above) => isAbove(above, parent)).map(rulesFile)]);
    lines.set(excluder, [...(lines.get(excluder) ?? []), `${name}/`]);
    lines.set(rulesFile(parent), [...(lines.get(rulesFile(parent)) ?? []), `!${name}/`]);
  }

  const rules = new Map<string, string>();
  for (const [file, list] of lines) rules.set(file, list.join('\n') + (next() < 0.7 ? '\n' : ''));
  return { files, rules };
}

/** Git with no user, global or system configuration: only the repository's own exclusion rules count. */
function gitEnvironment(home: string): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('GIT_')) environment[name] = value;
  return { ...environment, HOME: home, XDG_CONFIG_HOME: home, GIT_CONFIG_NOSYSTEM: '1' };
}

describe('the walk agrees with git ls-files --others --exclude-standard', () => {
  const seed = 20240611;
  const repositories = 60;
  const base = temporaryFolder();
  const home = path.join(base, 'home');
  fs.mkdirSync(home);
  const env = gitEnvironment(home);
  const next = seededRandom(seed);

  for (let n = 0; n < repositories; n++) {
    const shape = generateRepository(next);
    test(`repository ${n} of seed ${seed}`, { timeout: 20_000 }, () => {
      const root = path.join(base, `repo-${n}`);
      fs.mkdirSync(root);
      execFileSync('git', ['init', '-q'], { cwd: root, env });
      for (const file of shape.files) write(root, file);
      for (const [file, content] of shape.rules) write(root, file, content);

      const ours = openProject(root).walk.current().map((file) => file.relative).sort();
      const output = execFileSync('git', ['ls-files', '--others', '--exclude-standard', '-z'], { cwd: root, env });
      const git = output.toString('utf8').split('\0').filter((name) => name !== '').sort();

      const rules = [...shape.rules].map(([file, content]) => `--- ${file}\n${content}`).join('\n');
      const onlyOurs = ours.filter((file) => !git.includes(file));
      const onlyGit = git.filter((file) => !ours.includes(file));
      assert.deepEqual(ours, git, `only ours: ${JSON.stringify(onlyOurs)}\nonly git: ${JSON.stringify(onlyGit)}\n${rules}`);
    });
  }

  test('the generated repositories exercise the rules', () => {
    // Guards the generator: a pool that stopped producing nested rules would make the test above vacuous.
    const again = seededRandom(seed);
    const shapes = Array.from({ length: repositories }, () => generateRepository(again));
    assert.ok(shapes.filter((shape) => [...shape.rules.keys()].some((file) => file.includes('/.gitignore'))).length >= 10);
    assert.ok(shapes.filter((shape) => shape.rules.has('.git/info/exclude')).length >= 5);
    const reincludesFolder = (shape: RepositoryShape) =>
      [...shape.rules].some(([file, content]) => file.includes('/.gitignore') && /^!.*\/$/m.test(content));
    assert.ok(shapes.filter(reincludesFolder).length >= 10);
  });
});

describe('a walk read back from the index', () => {
  const reads = watchReads();
  const ignoreFilesRead = () => reads.outside().filter((file) => path.basename(file) === '.gitignore');

  test('a walk listed afresh tells each file as it finds it, in the order it gives them; a kept walk tells none', () => {
    const root = fs.realpathSync(temporaryFolder());
    const entries = ['.gitignore', 'a/b/y.txt', 'a/b/z.log', 'a/x.txt', 'a-b.txt', 'c.txt'];
    write(root, '.gitignore', '*.log\n');
    for (const file of entries.slice(1)) write(root, file);
    // Older than the doubt about recent times (see `stampOfStats`): the root's rules are taken to be as they were.
    const past = new Date(Date.now() - 60_000);
    for (const entry of [...entries, 'a/b', 'a', '']) fs.utimesSync(path.join(root, entry), past, past);
    const walk = new ProjectWalk(root); // Kept nowhere: its first walk is listed afresh.
    const told: string[] = [];
    const walked = walk.current(undefined, (file) => told.push(file.relative)).map((file) => file.relative);
    assert.deepEqual(walked, ['.gitignore', 'a/b/y.txt', 'a/x.txt', 'a-b.txt', 'c.txt']);
    assert.deepEqual(told, walked);
    told.length = 0;
    write(root, 'a/new.txt');
    assert.deepEqual(walk.current(undefined, (file) => told.push(file.relative)).map((file) => file.relative), ['.gitignore', 'a/b/y.txt', 'a/new.txt', 'a/x.txt', 'a-b.txt', 'c.txt']);
    assert.deepEqual(told, []);
  });

  test('reads no .gitignore until a folder under one is listed again, then applies it', { timeout: 20_000 }, async () => {
    const root = fs.realpathSync(temporaryFolder());
    write(root, '.gitignore', 'skipped.txt\n');
    write(root, 'a/.gitignore', '*.log\n');
    for (const file of ['a/kept.txt', 'a/x.log', 'b/kept.txt', 'b/skipped.txt']) write(root, file);
    // Older than the doubt about recent times (see `stampOfStats`): their stamps are kept.
    const past = new Date(Date.now() - 60_000);
    for (const entry of ['.gitignore', 'a/.gitignore', 'a/kept.txt', 'a/x.log', 'b/kept.txt', 'b/skipped.txt', 'a', 'b', '']) fs.utimesSync(path.join(root, entry), past, past);
    const walked = openProject(root).walk.current().map((file) => file.relative);
    assert.deepEqual(walked, ['.gitignore', 'a/.gitignore', 'a/kept.txt', 'b/kept.txt']);
    await new Promise((resolve) => setImmediate(resolve)); // The walk is saved once the call has gone on.

    reads.clear();
    const project = openProject(root);
    assert.deepEqual(project.walk.current().map((file) => file.relative), walked);
    assert.deepEqual(ignoreFilesRead(), []);

    write(root, 'a/new.log');
    write(root, 'a/new.txt');
    write(root, 'a/skipped.txt');
    assert.deepEqual(project.walk.current().map((file) => file.relative), ['.gitignore', 'a/.gitignore', 'a/kept.txt', 'a/new.txt', 'b/kept.txt']);
    assert.deepEqual(ignoreFilesRead().sort(), [path.join(root, '.gitignore'), path.join(root, 'a', '.gitignore')]);
  });
});
