/** The one-shot commands print exactly what the tools return, with the contract's exit codes. */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { openProject } from '../src/session/project.js';
import { answer } from '../src/tools/answer.js';
import { findTool } from '../src/tools/registry.js';
import { cliPath, fixture, repoRoot } from './helpers.js';

const projectDir = fixture('project');

function zumba(...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', cwd: projectDir });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The command in a terminal of its own (`script` gives it a pseudo-terminal): what the terminal shows. */
function inTerminal(args: readonly string[]): { status: number | null; shown: string } {
  const command = [process.execPath, cliPath, ...args].map((word) => `'${word.replace(/'/g, "'\\''")}'`).join(' ');
  const result = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, shown: result.stdout };
}

const hasScript = spawnSync('script', ['--version']).status === 0;

describe('progress on a terminal', () => {
  const skip = !hasScript && 'needs script(1), from util-linux, to give the command a terminal';

  test('zumba index shows how far it has come on a terminal, and nothing when stderr is not one', { skip, timeout: 120_000 }, () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-progress-cli-'));
    for (let i = 0; i < 400; i++) writeFileSync(path.join(root, `f${i}.py`), `def f${i}():\n    return ${i}\n`);
    const shown = inTerminal(['index', '--project', root]);
    assert.equal(shown.status, 0);
    assert.match(shown.shown, /indexing: 400 of 400 files\r?\n$/);
    const piped = spawnSync(process.execPath, [cliPath, 'index', '--project', root], { encoding: 'utf8' });
    assert.deepEqual([piped.status, piped.stdout, piped.stderr], [0, '', '']);
    const nothingToFill = spawnSync(process.execPath, [cliPath, 'index', '--project', root, '--no-cache'], { encoding: 'utf8' });
    assert.equal(nothingToFill.status, 2);
    assert.match(nothingToFill.stderr, /^zumba: index fills the index on disk: not with --no-cache\n/);
  });
});

describe('zumba one-shot commands', () => {
  test('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    assert.deepEqual(zumba('--version'), { status: 0, stdout: `${version}\n`, stderr: '' });
  });

  test('--help lists every command', () => {
    const { status, stdout } = zumba('--help');
    assert.equal(status, 0);
    for (const command of ['mcp', 'outline', 'find-symbol', 'find-references', 'diagnostics']) assert.match(stdout, new RegExp(`zumba ${command}`));
  });

  test('outline of one file, from the current folder', () => {
    assert.deepEqual(zumba('outline', 'src/handoff.py'), {
      status: 0,
      stdout: '1 const MAX_PROMPT\n4 class Handoff\n  5 method prompt\n9 function handoff_prompt\n',
      stderr: '',
    });
  });

  // On Node 24, V8's optimising compiler ran out of memory on the Swift grammar's lexer, after the
  // answer was printed, and took the process down (exit 133). This catches a grammar that does so
  // only when the suite runs on such a Node.
  test('outline of a file in each language, in one process: every answer, and exit 0', () => {
    const outlineFolder = fixture('outline');
    const files = readdirSync(outlineFolder)
      .sort()
      .map((language) => {
        const name = readdirSync(path.join(outlineFolder, language)).sort().find((file) => existsSync(path.join(outlineFolder, language, `${file}.outline`)));
        assert.ok(name !== undefined, `no fixture with an expected outline for ${language}`);
        return path.join(language, name);
      });
    const result = spawnSync(process.execPath, [cliPath, 'outline', '--project', outlineFolder, ...files], { encoding: 'utf8', cwd: outlineFolder });
    const expected = files.map((file) => `== ${file}\n${readFileSync(path.join(outlineFolder, `${file}.outline`), 'utf8')}`).join('\n');
    assert.deepEqual([result.status, result.signal, result.stdout], [0, null, expected], result.stderr);
  });

  test('outline of several files: a == path line before each', () => {
    const { status, stdout } = zumba('outline', '--project', projectDir, 'src/*.py', 'README.md');
    assert.equal(status, 0);
    assert.equal(stdout, '== src/handoff.py\n1 const MAX_PROMPT\n4 class Handoff\n  5 method prompt\n9 function handoff_prompt\n\n== README.md\n1 heading Demo project\n  5 heading Usage\n');
  });

  test('find-symbol and find-references print the tool text', () => {
    assert.deepEqual(zumba('find-symbol', 'Handoff'), { status: 0, stdout: 'src/handoff.py:4 class — class Handoff:\n', stderr: '' });
    assert.deepEqual(zumba('find-references', '--path', '*.py', 'MAX_PROMPT'), {
      status: 0,
      stdout: 'src/handoff.py:1: MAX_PROMPT = 4000\nsrc/handoff.py:10: return f"handoff {task}"[:MAX_PROMPT]\n',
      stderr: '',
    });
  });

  test('find-references --enclosing: the lines under what holds them; with --json, an enclosing object per line', () => {
    assert.deepEqual(zumba('find-references', '--enclosing', '--path', '*.py', 'MAX_PROMPT'), {
      status: 0,
      stdout: 'src/handoff.py:1-1 const MAX_PROMPT\n  1: MAX_PROMPT = 4000\nsrc/handoff.py:9-10 function handoff_prompt\n  10: return f"handoff {task}"[:MAX_PROMPT]\n',
      stderr: '',
    });
    const { status, stdout } = zumba('find-references', '--enclosing', '--json', 'MAX_PROMPT');
    assert.equal(status, 0);
    const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(lines.find((line) => line['path'] === 'src/handoff.py' && line['line'] === 10), {
      path: 'src/handoff.py', line: 10, text: 'return f"handoff {task}"[:MAX_PROMPT]',
      enclosing: { line: 9, startLine: 9, endLine: 10, kind: 'function', name: 'handoff_prompt', depth: 0 },
    });
    for (const line of lines) assert.ok('enclosing' in line, JSON.stringify(line));
    const prose = zumba('find-references', '--enclosing', '--json', '--path', 'docs', 'handoff_prompt');
    assert.deepEqual(JSON.parse(prose.stdout), { path: 'docs/notes.txt', line: 1, text: 'handoff_prompt appears in prose too, and prose defines nothing.', enclosing: null });
    const plain = zumba('find-references', '--json', 'MAX_PROMPT').stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    assert.deepEqual(plain.map((line) => 'enclosing' in line), plain.map(() => false));
  });

  test('diagnostics reads the file it is given', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'zumba-cli-')), 'diagnostics.json');
    writeFileSync(file, JSON.stringify([{ file: 'src/rpc.rs', line: 3, column: 2, severity: 'warning', message: 'unused' }]));
    assert.deepEqual(zumba('diagnostics', '--diagnostics', file), { status: 0, stdout: 'src/rpc.rs:3:2: warning: unused\n', stderr: '' });
  });

  test('languages: each language with its engine, file types and the kinds it lists', () => {
    const { status, stdout } = zumba('languages');
    assert.equal(status, 0);
    // Columns are set apart by two spaces or more: name, engine, file types, what it lists.
    const rows = new Map(stdout.trim().split('\n').map((line) => {
      const [name, ...rest] = line.split(/\s{2,}/);
      return [name, rest];
    }));
    assert.deepEqual(rows.get('rust'), ['tree-sitter', '.rs', 'function struct enum union trait impl type const module macro']);
    assert.deepEqual(rows.get('go'), ['tree-sitter', '.go', 'function method struct interface type const test']);
    assert.deepEqual(rows.get('typescript')?.slice(0, 2), ['tree-sitter', '.ts .mts .cts']);
    assert.deepEqual(rows.get('markdown'), ['markdown', '.md .markdown .mdx', 'heading']);
    assert.deepEqual(rows.get('perl'), ['tree-sitter', '.pl .pm .ph .plx .perl .t', 'function const module']);
    assert.deepEqual(rows.get('make'), ['tree-sitter', '.mk .mak .make Makefile GNUmakefile', 'function const macro']);
    assert.deepEqual(rows.get('yaml'), ['tree-sitter', '.yaml .yml', 'key (data: find_symbol lists none)']);
    assert.deepEqual(rows.get('vue'), ['tree-sitter', '.vue', "the entries of its parts in other languages (a <script> block's)"]);
    assert.deepEqual(rows.get('v'), ['keywords', '.v', 'function method class struct enum union trait interface protocol extension impl type const module macro (lines that begin with a keyword)']);
    assert.deepEqual(rows.get('objc|cpp|c'), ['by-content', '.h', 'as objc or cpp or c, as the text shows']);
    // The languages the keyword scanner served before their grammars came.
    for (const [name, types] of [
      ['lua', '.lua'], ['elixir', '.ex .exs'], ['haskell', '.hs'], ['objc', '.m .mm'], ['ocaml', '.ml'], ['ocaml_interface', '.mli'],
      ['julia', '.jl'], ['powershell', '.ps1 .psm1'], ['elm', '.elm'], ['dart', '.dart'], ['zig', '.zig'], ['vue', '.vue'],
      ['svelte', '.svelte'], ['yaml', '.yaml .yml'], ['toml', '.toml'], ['json', '.json .jsonc'], ['css', '.css'],
      ['r', '.r'], ['clojure', '.clj .cljs .cljc'], ['erlang', '.erl .hrl .escript'], ['proto', '.proto'], ['sql', '.sql'],
      ['fortran', '.f90 .f95 .f03 .f08 .f18'], ['scheme', '.scm .ss .sld .sls .sps'], ['racket', '.rkt'],
      ['gleam', '.gleam'], ['groovy', '.groovy .gradle Jenkinsfile'], ['fish', '.fish'], ['scss', '.scss'], ['fsharp', '.fs .fsx'], ['fsharp_signature', '.fsi'],
    ]) {
      assert.deepEqual(rows.get(name)?.slice(0, 2), ['tree-sitter', types], name);
    }
    // A grammar-backed language lists only what its query captures, never the keyword scanner's kinds.
    for (const [name, row] of rows) {
      if (row[0] === 'tree-sitter') assert.doesNotMatch(row[2] ?? '', /begin with a keyword/, name);
    }
  });

  test('languages with names lists those alone, in order; a name of no language is refused, exit 2', () => {
    assert.deepEqual(zumba('languages', 'zig', 'markdown', 'go'), {
      status: 0,
      stdout:
        'go        tree-sitter  .go                 function method struct interface type const test\n' +
        'markdown  markdown     .md .markdown .mdx  heading\n' +
        'zig       tree-sitter  .zig                function struct enum union type const test\n',
      stderr: '',
    });
    const unknown = zumba('languages', 'go', 'cobol');
    assert.equal(unknown.status, 2);
    assert.equal(unknown.stdout, '');
    assert.match(unknown.stderr, /^zumba: no language named cobol \(zumba languages lists them all\)/);
  });

  test('tree: the syntax tree with field names and lines', () => {
    const { status, stdout } = zumba('tree', 'src/rpc.rs');
    assert.equal(status, 0);
    assert.match(stdout, /^\(source_file\)  1\n/);
    assert.match(stdout, /\n {4}name: \(type_identifier\) "Rpc"  9\n/);
    assert.deepEqual(zumba('tree', 'README.md'), { status: 1, stdout: '', stderr: 'README.md has no tree-sitter grammar (markdown: markdown).\n' });
  });

  test('a tool error goes to stderr with exit code 1', () => {
    assert.deepEqual(zumba('outline', '../elsewhere.rs'), { status: 1, stdout: '', stderr: 'Path is outside the project: ../elsewhere.rs\n' });
  });

  test('bad usage exits 2', () => {
    assert.equal(zumba('no-such-command').status, 2);
    assert.equal(zumba('find-symbol').status, 2);
    assert.equal(zumba('find-symbol', '').status, 2);
    assert.equal(zumba('outline', '--bogus', 'x').status, 2);
    assert.equal(zumba('outline', '--json', '--ranges', 'src/rpc.rs').status, 2);
    assert.equal(zumba('find-symbol', '--json', '--body', 'Rpc').status, 2);
    assert.equal(zumba('find-references', '--json', '').status, 2);
  });

  test('a project that does not exist or is not a folder: one line, exit 2', () => {
    for (const project of [fixture('no-such-folder'), path.join(projectDir, 'README.md')]) {
      const { status, stdout, stderr } = zumba('find-symbol', '--project', project, 'x');
      assert.equal(status, 2);
      assert.equal(stdout, '');
      assert.equal(stderr.trim().split('\n').length, 1, stderr);
    }
  });
});

describe('outlines of a whole tree', () => {
  // 120 files in five languages, one of them binary, in folders: enough that workers outline them.
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-tree-outline-'));
  const sources: Record<string, (i: number) => string> = {
    py: (i) => `class Model${i}:\n    def save(self):\n        return ${i}\n`,
    rs: (i) => `pub struct Point${i} { x: i32 }\nimpl Point${i} {\n    fn new() -> Self { Point${i} { x: ${i} } }\n}\n`,
    go: (i) => `package p\n\nfunc Run${i}() int {\n\treturn ${i}\n}\n`,
    ts: (i) => `export interface Shape${i} {\n  area(): number;\n}\nexport const unit${i} = 1;\n`,
    md: (i) => `# Part ${i}\n\n## Notes\n`,
  };
  const files: string[] = [];
  for (let i = 0; i < 120; i++) {
    const extension = Object.keys(sources)[i % 5]!;
    const relative = `dir${i % 7}/file${String(i).padStart(3, '0')}.${extension}`;
    mkdirSync(path.join(root, path.dirname(relative)), { recursive: true });
    writeFileSync(path.join(root, relative), sources[extension]!(i));
    files.push(relative);
  }
  writeFileSync(path.join(root, 'dir3/binary.py'), Buffer.from([0x63, 0x00, 0x01]));
  files.push('dir3/binary.py');
  const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-tree-outline-cache-'));
  const outline = (...args: string[]) => spawnSync(process.execPath, [cliPath, 'outline', '--project', root, ...args], { encoding: 'utf8' });

  /** What the command printed before it outlined files on every core: each file's tool answer in path order, the errors on stderr. */
  const oneByOne = async (ranges: boolean) => {
    const project = openProject(root, { noCache: true });
    const walked = project.walk.current().map((file) => file.relative);
    assert.deepEqual([...walked].sort(), [...files].sort());
    const blocks: string[] = [];
    const errors: string[] = [];
    for (const file of walked) {
      const result = await answer(project, findTool('outline')!, { path: file, ...(ranges && { ranges }) });
      if (result.isError) errors.push(result.text);
      else blocks.push(`== ${file}\n${result.text}`);
    }
    return { stdout: blocks.join('\n\n') + '\n', stderr: errors.map((error) => `${error}\n`).join('') };
  };

  test('print what the tool answers for each file, in path order, the same with an empty cache, a filled one and none', async () => {
    const expected = await oneByOne(false);
    assert.equal(expected.stderr, 'dir3/binary.py is a binary file.\n');
    for (const run of ['empty cache', 'filled cache'] as const) {
      const result = outline('--cache-dir', cache, '**/*');
      assert.deepEqual({ status: result.status, stdout: result.stdout, stderr: result.stderr }, { status: 1, ...expected }, run);
    }
    const uncached = outline('--no-cache', '**/*');
    assert.deepEqual({ status: uncached.status, stdout: uncached.stdout, stderr: uncached.stderr }, { status: 1, ...expected });
  });

  test('with ranges, likewise', async () => {
    const expected = await oneByOne(true);
    const result = outline('--cache-dir', cache, '--ranges', '**/*');
    assert.deepEqual({ status: result.status, stdout: result.stdout, stderr: result.stderr }, { status: 1, ...expected });
  });

  test('--json: every entry a JSON line, agreeing with the text and ranges of each file', () => {
    const json = outline('--cache-dir', cache, '--json', '**/*');
    assert.equal(json.status, 1);
    assert.equal(json.stderr, 'dir3/binary.py is a binary file.\n');
    const entries = json.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const ranges = outline('--cache-dir', cache, '--ranges', '**/*').stdout;
    const fromJson = new Map<string, string[]>();
    for (const entry of entries) {
      assert.deepEqual(Object.keys(entry), ['path', 'line', 'startLine', 'endLine', 'kind', 'name', 'depth']);
      const shown = `${'  '.repeat(entry['depth'] as number)}${entry['line']}-${entry['endLine']} ${entry['kind']} ${entry['name']}`;
      fromJson.set(entry['path'] as string, [...(fromJson.get(entry['path'] as string) ?? []), shown]);
    }
    const fromText = ranges.trimEnd().split('\n\n').map((block) => {
      const [header, ...lines] = block.split('\n');
      return [header!.replace(/^== /, ''), lines] as const;
    });
    assert.deepEqual([...fromJson], fromText);
  });

  test('more files than the workers may run ahead of the printing: every one, in order', { timeout: 120_000 }, () => {
    const many = mkdtempSync(path.join(os.tmpdir(), 'zumba-tree-outline-many-'));
    const names = Array.from({ length: 2500 }, (_, i) => `f${String(i).padStart(4, '0')}`);
    for (const name of names) writeFileSync(path.join(many, `${name}.py`), `def ${name}():\n    pass\n`);
    const result = spawnSync(process.execPath, [cliPath, 'outline', '--project', many, '--no-cache', '*.py'], { encoding: 'utf8', maxBuffer: 1 << 26, timeout: 100_000 });
    assert.equal(result.status, 0, result.stderr);
    assert.equal(result.stdout, names.map((name) => `== ${name}.py\n1 function ${name}\n`).join('\n'));
  });

  test('a reader that goes away after the first of many writes stops it: exit 0, nothing on stderr', async () => {
    // 300 files of 40 classes each: some 400 KB of outlines, written as they come.
    const large = mkdtempSync(path.join(os.tmpdir(), 'zumba-tree-outline-large-'));
    for (let i = 0; i < 300; i++) writeFileSync(path.join(large, `m${i}.py`), Array.from({ length: 40 }, (_, c) => `class Model${i}Part${c}:\n    pass\n`).join(''));
    const child = spawn(process.execPath, [cliPath, 'outline', '--project', large, '--no-cache', '*.py'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.once('data', () => child.stdout.destroy());
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => child.on('close', (...ended) => resolve(ended)));
    assert.deepEqual({ code, signal, stderr }, { code: 0, signal: null, stderr: '' });
  });
});

describe('outline --snapshot', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-snapshot-'));
  writeFileSync(path.join(root, 'a.py'), 'def first():\n    pass\n');
  writeFileSync(path.join(root, 'b.py'), 'class Second:\n    pass\n');
  // The snapshot sits inside the project, where `*` matches it: it is never one of the files outlined.
  const snapshot = path.join(root, 'outlines.snapshot');
  const run = (...args: string[]) => {
    const result = spawnSync(process.execPath, [cliPath, 'outline', '--project', root, '--no-cache', '--snapshot', snapshot, ...args, '*'], { encoding: 'utf8' });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  const printed = '== a.py\n1 function first\n\n== b.py\n1 class Second\n';

  test('no snapshot yet: says to write one, exit 1; --update writes what outline prints', () => {
    assert.deepEqual(run(), { status: 1, stdout: '', stderr: `zumba: no snapshot at ${snapshot}; write it with --update\n` });
    assert.deepEqual(run('--update'), { status: 0, stdout: '', stderr: `zumba: wrote ${snapshot}\n` });
    assert.equal(readFileSync(snapshot, 'utf8'), printed);
    assert.equal(spawnSync(process.execPath, [cliPath, 'outline', '--project', root, '--no-cache', 'a.py', 'b.py'], { encoding: 'utf8' }).stdout, printed);
  });

  test('the same outlines: nothing printed, exit 0; a change: its diff, exit 1, until --update', () => {
    run('--update');
    assert.deepEqual(run(), { status: 0, stdout: '', stderr: '' });
    writeFileSync(path.join(root, 'b.py'), 'class Second:\n    def third(self):\n        pass\n');
    const changed = run();
    assert.equal(changed.status, 1);
    assert.equal(changed.stdout, [`--- ${snapshot} (snapshot)`, '+++ outlines now', '@@ -3,3 +3,4 @@', ' ', ' == b.py', ' 1 class Second', '+  2 method third', ''].join('\n'));
    assert.match(changed.stderr, /^zumba: the outlines differ from \S+ \(diff above\); if that is meant, rewrite it with --update\n$/);
    assert.equal(run('--update').status, 0);
    assert.deepEqual(run(), { status: 0, stdout: '', stderr: '' });
  });

  test('--update without --snapshot is bad usage; a snapshot that is a folder is said plainly', () => {
    assert.equal(spawnSync(process.execPath, [cliPath, 'outline', '--project', root, '--update', '*'], { encoding: 'utf8' }).status, 2);
    const folder = spawnSync(process.execPath, [cliPath, 'outline', '--project', root, '--no-cache', '--snapshot', root, '*'], { encoding: 'utf8' });
    assert.equal(folder.status, 1);
    assert.match(folder.stderr, /^zumba: cannot read the snapshot \S+: illegal operation on a directory, read\n$/);
  });
});

describe('a reader that goes away', () => {
  // The command's stdout is a pipe whose reading end is closed before the command writes.
  const withStdoutClosed = (args: readonly string[]) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [cliPath, ...args], { cwd: projectDir, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.on('close', (code, signal) => resolve({ code, signal, stderr }));
    });

  for (const args of [
    ['tree', 'src/rpc.rs'],
    ['outline', '--no-cache', 'src/rpc.rs', 'src/*.rs'],
    ['find-symbol', '--no-cache', '--body', 'Rpc'],
    ['find-references', '--no-cache', 'Rpc'],
    ['outline', '--no-cache', '--json', 'src/*.rs'],
    ['find-symbol', '--no-cache', '--json', 'Rpc'],
    ['find-references', '--no-cache', '--json', 'Rpc'],
    ['languages'],
    ['--help'],
  ]) {
    test(`zumba ${args.join(' ')}: exit 0, nothing on stderr`, async () => {
      assert.deepEqual(await withStdoutClosed(args), { code: 0, signal: null, stderr: '' });
    });
  }
});
