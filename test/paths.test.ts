import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { PathError, resolveProjectPath } from '../src/project/paths.js';
import { openProject } from '../src/session/project.js';
import { ProjectError } from '../src/session/projectFolder.js';

/** A folder holding the project `proj`, a sibling `proj-evil` that shares its prefix, and `x` beside them. */
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'zumba-')));
after(() => fs.rmSync(base, { recursive: true, force: true }));

const root = path.join(base, 'proj');
fs.mkdirSync(path.join(root, 'src'), { recursive: true });
fs.writeFileSync(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
fs.mkdirSync(path.join(base, 'proj-evil'));
fs.writeFileSync(path.join(base, 'proj-evil', 'secret.txt'), 'secret\n');
fs.writeFileSync(path.join(base, 'x'), 'outside\n');
fs.symlinkSync(path.join(base, 'x'), path.join(root, 'out-link'));
fs.symlinkSync(path.join(base, 'proj-evil'), path.join(root, 'out-folder'));
fs.symlinkSync(path.join('src', 'a.ts'), path.join(root, 'in-link'));
fs.symlinkSync('src', path.join(root, 'in-folder'));
fs.symlinkSync(root, path.join(base, 'proj-link'));

const project = openProject(root);
const inside = path.join(root, 'src', 'a.ts');

/** Asserts that resolving `requested` throws a PathError with exactly `message`. */
function refuses(requested: string, message: string): void {
  assert.throws(() => resolveProjectPath(project, requested), (error: unknown) => {
    assert.ok(error instanceof PathError, `expected a PathError, got ${String(error)}`);
    assert.equal(error.message, message);
    return true;
  });
}

describe('resolveProjectPath accepts paths inside the project', () => {
  test('a relative path', () => {
    assert.deepEqual(resolveProjectPath(project, 'src/a.ts'), { absolute: inside, relative: 'src/a.ts' });
  });

  test('an absolute path inside', () => {
    assert.deepEqual(resolveProjectPath(project, inside), { absolute: inside, relative: 'src/a.ts' });
  });

  test('a path that wanders but stays inside, and the project itself', () => {
    assert.deepEqual(resolveProjectPath(project, './src/../src/a.ts'), { absolute: inside, relative: 'src/a.ts' });
    assert.deepEqual(resolveProjectPath(project, '.'), { absolute: root, relative: '.' });
  });

  test('a link inside that points inside resolves to its target', () => {
    assert.deepEqual(resolveProjectPath(project, 'in-link'), { absolute: inside, relative: 'in-link' });
    assert.deepEqual(resolveProjectPath(project, 'in-folder/a.ts'), { absolute: inside, relative: 'in-folder/a.ts' });
  });

  test('a project opened through a linked path accepts its files, by either path', () => {
    const linked = openProject(path.join(base, 'proj-link'));
    assert.equal(linked.realRoot, root);
    assert.deepEqual(resolveProjectPath(linked, 'src/a.ts'), { absolute: inside, relative: 'src/a.ts' });
    const throughLink = path.join(base, 'proj-link', 'src', 'a.ts');
    assert.deepEqual(resolveProjectPath(linked, throughLink), { absolute: inside, relative: 'src/a.ts' });
    assert.deepEqual(resolveProjectPath(linked, inside), { absolute: inside, relative: 'src/a.ts' });
    assert.throws(() => resolveProjectPath(linked, 'out-link'), {
      name: 'PathError',
      message: 'Path is outside the project (through a symbolic link): out-link',
    });
  });
});

describe('resolveProjectPath refuses paths that leave the project or name nothing', () => {
  test('a relative path up and out, even to a file that exists', () => {
    refuses('../x', 'Path is outside the project: ../x');
    refuses('src/../../x', 'Path is outside the project: src/../../x');
  });

  test('an absolute path outside', () => {
    const outside = path.join(base, 'x');
    refuses(outside, `Path is outside the project: ${outside}`);
  });

  test('a sibling folder whose name starts with the project name', () => {
    const evil = path.join(base, 'proj-evil', 'secret.txt');
    refuses(evil, `Path is outside the project: ${evil}`);
    refuses('../proj-evil/secret.txt', 'Path is outside the project: ../proj-evil/secret.txt');
  });

  test('a link inside that points outside, to a file or through a folder', () => {
    refuses('out-link', 'Path is outside the project (through a symbolic link): out-link');
    refuses('out-folder/secret.txt', 'Path is outside the project (through a symbolic link): out-folder/secret.txt');
  });

  test('a NUL byte', () => {
    refuses('src/a.ts\0.png', 'Path contains a NUL byte.');
  });

  test('an empty path', () => {
    refuses('', 'Path is empty.');
    refuses('  ', 'Path is empty.');
  });

  test('a missing file', () => {
    refuses('src/missing.ts', 'No such file: src/missing.ts');
    refuses('src/a.ts/inner', 'No such file: src/a.ts/inner');
  });
});

describe('openProject', () => {
  test('a folder that does not exist, or a file, is refused', () => {
    const missing = path.join(base, 'nowhere');
    assert.throws(() => openProject(missing), new ProjectError(`project folder does not exist: ${missing}`));
    const file = path.join(base, 'x');
    assert.throws(() => openProject(file), new ProjectError(`project is not a folder: ${file}`));
  });
});
