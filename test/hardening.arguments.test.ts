/**
 * Hostile arguments: names that are empty, hold a line break or regular-expression characters; globs
 * that match nothing or cannot be compiled; paths that leave the project in every way there is. Each
 * gets its answer or a clear refusal (SPEC §2, §5), and nothing outside the project is opened: the
 * targets outside are FIFOs, which would block a plain open, and every open is recorded.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { openProject } from '../src/session/project.js';
import { InvalidArguments } from '../src/tools/registry.js';
import { answerOf, callTool, refusalOf, runCli, temporaryFolder, watchReads, write } from './hostile.js';

const reads = watchReads();
let inputs = 0;

const base = temporaryFolder();
const root = path.join(base, 'project');
const outside = path.join(base, 'outside');
write(root, 'src/a.rs', 'fn needle() {}\nlet x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;\n');
write(root, 'src/b.py', 'def x():\n    pass\n');
write(root, 'notes.txt', 'needle in prose\n');
write(root, '%2e%2e', 'needle in a file named %2e%2e\n');
fs.mkdirSync(outside);
execFileSync('mkfifo', [path.join(outside, 'fifo.rs')]);
write(outside, 'secret.rs', 'fn needle() {} // outside\n');
fs.symlinkSync(path.join(outside, 'fifo.rs'), path.join(root, 'fifo-link.rs'));
fs.symlinkSync(outside, path.join(root, 'out'));
fs.symlinkSync(base, path.join(root, 'up'));
const diagnosticsFile = write(base, 'diagnostics.json', JSON.stringify([{ file: 'src/a.rs', line: 1, message: 'in a' }]));
const project = openProject(root, { diagnosticsFile });

describe('names', () => {
  test('empty, or holding a line break: invalid arguments, in a call and on the command line', { timeout: 60_000 }, async () => {
    for (const name of ['', '\n', 'a\nb', 'needle\r', '\r\n']) {
      for (const tool of ['find_symbol', 'find_references']) {
        inputs++;
        await assert.rejects(callTool(project, tool, { name }), InvalidArguments);
        const command = tool.replace('_', '-');
        const cli = runCli([command, '--project', root, name]);
        assert.equal(cli.status, 2, `${command} ${JSON.stringify(name)}: ${cli.stderr}`);
        assert.match(cli.stderr, /^zumba: Invalid arguments for /);
      }
    }
  });

  test('regular-expression characters are taken literally', async () => {
    const literal: Record<string, string> = {
      'a.b': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      '(x)': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      '.*': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      $: 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      '[a]': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      '\\d': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      '|': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      'a|b': 'No references to a|b.',
      '.': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      '^needle': 'No references to ^needle.',
      'needle$': 'No references to needle$.',
      'n..dle': 'No references to n..dle.',
      '[n]eedle': 'No references to [n]eedle.',
      '*': 'src/a.rs:2: let x = a.b + (x) + $ + .* + [a] + ^x | y? + \\d;',
      '\0': 'No references to \0.',
      '\ud800': 'No references to \ud800.',
    };
    for (const [name, expected] of Object.entries(literal)) {
      inputs++;
      assert.equal(await answerOf(project, 'find_references', { name }), expected, JSON.stringify(name));
      const symbols = await answerOf(project, 'find_symbol', { name });
      assert.match(symbols, /^(No symbol matches .*\.|No exact match; names containing it:\n.*)$/s, JSON.stringify(name));
    }
    // A plain name still finds its definition.
    assert.equal(await answerOf(project, 'find_symbol', { name: 'x' }), 'src/b.py:1 function — def x():');
  });

  test('a long name, a blank one, a lone surrogate: answered', async () => {
    for (const name of ['n'.repeat(100_000), ' ', '\t', 'é', '\u{1F600}']) {
      inputs++;
      await answerOf(project, 'find_references', { name });
      await answerOf(project, 'find_symbol', { name });
    }
  });
});

describe('path globs of find_references', () => {
  test('globs that match nothing, or leave the project, find nothing', async () => {
    const nothing = ['*.zig', 'nothing/**', '!**', '!*', '..', '../**', '../outside/**', '/etc/**', '/**/passwd', 'out/**', '{', '[', '[z-a]', '@(x', '\0', '\\', '{1..100000}', 'a/**/b/**/c/**/d/**'];
    for (const glob of nothing) {
      inputs++;
      assert.equal(await answerOf(project, 'find_references', { name: 'needle', path: glob }), 'No references to needle.', glob);
    }
  });

  test('globs that keep everything', async () => {
    for (const glob of ['', ',', ',,,', '!', ' ', '**', '**/**/**', '*']) {
      inputs++;
      const text = await answerOf(project, 'find_references', { name: 'needle', path: glob });
      assert.equal(text.split('\n').length, 3, `${JSON.stringify(glob)}: ${text}`);
    }
  });

  test('a glob too long to compile is refused, on the command line too', async () => {
    for (const glob of ['*'.repeat(70_000), 'a'.repeat(100_000)]) {
      inputs++;
      assert.match(await refusalOf(project, 'find_references', { name: 'needle', path: glob }), /^Invalid path glob: /);
    }
    const cli = runCli(['outline', '--project', root, '*'.repeat(70_000)]);
    assert.equal(cli.status, 1);
    assert.match(cli.stderr, /^Invalid path glob: .*\n$/);
  });
});

describe('paths of outline and diagnostics', () => {
  const outsideFifo = path.join(outside, 'fifo.rs');
  const refused: [string, string][] = [
    ['/', 'Path is outside the project: /'],
    ['..', 'Path is outside the project: ..'],
    ['../', 'Path is outside the project: ../'],
    ['a/../../x', 'Path is outside the project: a/../../x'],
    ['src/../../outside/secret.rs', 'Path is outside the project: src/../../outside/secret.rs'],
    [outsideFifo, `Path is outside the project: ${outsideFifo}`],
    [path.join(outside, 'secret.rs'), `Path is outside the project: ${path.join(outside, 'secret.rs')}`],
    ['/etc/passwd', 'Path is outside the project: /etc/passwd'],
    ['/proc/self/root/etc/passwd', 'Path is outside the project: /proc/self/root/etc/passwd'],
    [`${root}-evil/x`, `Path is outside the project: ${root}-evil/x`],
    ['src/a.rs\0', 'Path contains a NUL byte.'],
    ['\0', 'Path contains a NUL byte.'],
    ['\0../../etc/passwd', 'Path contains a NUL byte.'],
    ['fifo-link.rs', 'Path is outside the project (through a symbolic link): fifo-link.rs'],
    ['out/secret.rs', 'Path is outside the project (through a symbolic link): out/secret.rs'],
    ['out/fifo.rs', 'Path is outside the project (through a symbolic link): out/fifo.rs'],
    ['up/outside/fifo.rs', 'Path is outside the project (through a symbolic link): up/outside/fifo.rs'],
    ['up', 'Path is outside the project (through a symbolic link): up'],
  ];

  test('a path that leaves the project is refused by both, and nothing outside is opened', { timeout: 30_000 }, async () => {
    reads.clear();
    for (const [requested, message] of refused) {
      inputs++;
      assert.equal(await refusalOf(project, 'outline', { path: requested }), message);
      assert.equal(await refusalOf(project, 'diagnostics', { path: requested }), message);
    }
    // The diagnostics file is the one thing outside that may be read.
    assert.deepEqual(reads.outside(root, diagnosticsFile), []);
  });

  test('paths that name nothing, a folder, or a file inside by a wandering way', { timeout: 30_000 }, async () => {
    reads.clear();
    const outlines: [string, string, boolean][] = [
      ['%2e%2e', 'No declarations.', false], // A file of that very name: it is not `..`.
      ['%2e%2e/x', 'No such file: %2e%2e/x', true],
      ['..%2fx', 'No such file: ..%2fx', true],
      ['file:///etc/passwd', 'No such file: file:///etc/passwd', true],
      ['~/x', 'No such file: ~/x', true],
      ['\\..\\x', 'No such file: \\..\\x', true],
      // A folder's map (see map.test.ts): needle is used by two other files, x (a name of one letter) by one.
      ['src', 'src/a.rs\n  1 function needle\nsrc/b.py\n  1 function x', false],
      ['.', 'src/a.rs\n  1 function needle\nsrc/b.py\n  1 function x\n%2e%2e\nnotes.txt', false],
      ['', 'src/a.rs\n  1 function needle\nsrc/b.py\n  1 function x\n%2e%2e\nnotes.txt', false],
      ['  ', 'Path is empty.', true],
      ['src/../src/a.rs', '1 function needle', false],
      ['./src//a.rs', '1 function needle', false],
      ['up/project/src/a.rs', '1 function needle', false], // Out through a link and back in: inside.
      [path.join(root, 'src', 'a.rs'), '1 function needle', false],
      [`src/${'../src/'.repeat(500)}a.rs`, '1 function needle', false],
    ];
    for (const [requested, expected, isError] of outlines) {
      inputs++;
      const result = await callTool(project, 'outline', { path: requested });
      assert.deepEqual([result.text, result.isError], [expected, isError], requested);
    }
    const long = 'x'.repeat(5000);
    assert.match(await refusalOf(project, 'outline', { path: long }), /^Cannot read x+: name too long/);
    inputs++;
    assert.deepEqual(reads.outside(root, diagnosticsFile), []);
  });

  test('diagnostics: a path inside that names no file keeps nothing; one naming a file keeps its lines', async () => {
    for (const requested of ['%2e%2e', 'src', '.', 'missing.rs', 'src/../src/a.rs', path.join(root, 'src/a.rs')]) {
      inputs++;
      const text = await answerOf(project, 'diagnostics', { path: requested });
      assert.equal(text, requested.endsWith('a.rs') ? 'src/a.rs:1:1: error: in a' : 'No diagnostics.', requested);
    }
  });

  test('arguments of the wrong type or missing are invalid arguments', async () => {
    const wrong: [string, unknown][] = [
      ['outline', {}],
      ['outline', { path: 5 }],
      ['outline', { path: null }],
      ['outline', { path: ['a.rs'] }],
      ['outline', 'a.rs'],
      ['diagnostics', { path: 5 }],
      ['find_references', { name: 'x', path: 5 }],
      ['find_references', { name: 5 }],
      ['find_symbol', []],
      ['find_symbol', null],
    ];
    for (const [tool, args] of wrong) {
      inputs++;
      await assert.rejects(callTool(project, tool, args), InvalidArguments, `${tool} ${JSON.stringify(args)}`);
    }
  });
});

test('inputs tried', (t) => {
  t.diagnostic(`arguments: ${inputs} hostile inputs`);
});
