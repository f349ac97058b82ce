import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { openProject, type Project } from '../src/session/project.js';
import { diagnostics, MAX_DIAGNOSTIC_LINES } from '../src/tools/diagnostics.js';
import { isRefusal } from '../src/tools/toolError.js';

const temporaryFolders: string[] = [];
after(() => {
  for (const folder of temporaryFolders) rmSync(folder, { recursive: true, force: true });
});

function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'zumba-'));
  temporaryFolders.push(folder);
  return folder;
}

interface Setup {
  /** The project folder. */
  readonly root: string;
  /** The diagnostics file, in a folder of its own outside the project; not written yet. */
  readonly file: string;
  readonly project: Project;
}

function setup(): Setup {
  const root = temporaryFolder();
  const file = path.join(temporaryFolder(), 'diagnostics.json');
  return { root, file, project: openProject(root, { diagnosticsFile: file }) };
}

/** Writes `content` to the file: a string as it is, anything else as JSON. */
function write(file: string, content: unknown): void {
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}

/** The tool's text for a diagnostics file built from the project root. */
async function diagnosticsOf(build: (root: string) => unknown, args: { path?: string } = {}): Promise<string> {
  const { root, file, project } = setup();
  write(file, build(root));
  return diagnostics(project, args);
}

/** The message of the ToolError the call rejects with. */
async function toolErrorOf(call: Promise<string>): Promise<string> {
  let message = '';
  await assert.rejects(call, (error: unknown) => {
    assert.ok(isRefusal(error), `expected a refusal, got ${String(error)}`);
    message = error.message;
    return true;
  });
  return message;
}

function fileUri(root: string, relative: string): string {
  return pathToFileURL(path.join(root, relative)).href;
}

function lspDiagnostic(line: number, character: number, message: string, severity?: unknown): Record<string, unknown> {
  const range = { start: { line, character }, end: { line, character: character + 1 } };
  return severity === undefined ? { range, message } : { range, message, severity };
}

describe('diagnostics: accepted shapes', () => {
  test('LSP PublishDiagnosticsParams, its 0-based positions shown 1-based', async () => {
    const text = await diagnosticsOf((root) => ({
      uri: fileUri(root, 'src/client.rs'),
      diagnostics: [lspDiagnostic(33, 8, 'cannot find value `delay` in this scope', 1), lspDiagnostic(0, 0, 'first', 2)],
    }));
    assert.equal(text, [
      'src/client.rs:1:1: warning: first',
      'src/client.rs:34:9: error: cannot find value `delay` in this scope',
    ].join('\n'));
  });

  test('an array of PublishDiagnosticsParams', async () => {
    const text = await diagnosticsOf((root) => [
      { uri: fileUri(root, 'src/main.rs'), diagnostics: [lspDiagnostic(2, 4, 'unused import: `std::fmt`', 2)] },
      { uri: fileUri(root, 'src/client.rs'), diagnostics: [lspDiagnostic(33, 8, 'cannot find value', 1)] },
      { uri: fileUri(root, 'src/empty.rs'), diagnostics: [] },
    ]);
    assert.equal(text, [
      'src/client.rs:34:9: error: cannot find value',
      'src/main.rs:3:5: warning: unused import: `std::fmt`',
    ].join('\n'));
  });

  test('a map of URI to Diagnostic[]', async () => {
    const text = await diagnosticsOf((root) => ({
      [fileUri(root, 'b.ts')]: [lspDiagnostic(9, 0, 'in b', 1)],
      [fileUri(root, 'a.ts')]: [lspDiagnostic(4, 2, 'in a', 3)],
    }));
    assert.equal(text, 'a.ts:5:3: info: in a\nb.ts:10:1: error: in b');
  });

  test('a map of relative and absolute paths to Diagnostic[]', async () => {
    const text = await diagnosticsOf((root) => ({
      'src/lib.ts': [lspDiagnostic(1, 1, 'relative', 1)],
      [path.join(root, 'src', 'main.ts')]: [lspDiagnostic(2, 2, 'absolute', 2)],
    }));
    assert.equal(text, 'src/lib.ts:2:2: error: relative\nsrc/main.ts:3:3: warning: absolute');
  });

  test("VS Code [uri, Diagnostic[]] pairs: uri as a string or a serialised Uri, Range as [start, end], severity as a word", async () => {
    const vsCodeDiagnostic = (line: number, character: number, message: string, severity: string) => ({
      severity,
      message,
      range: [{ line, character }, { line, character: character + 3 }],
      source: 'ts',
      code: 2304,
    });
    const text = await diagnosticsOf((root) => [
      [fileUri(root, 'a.ts'), [vsCodeDiagnostic(0, 4, 'string uri', 'Error')]],
      [{ $mid: 1, scheme: 'file', path: path.join(root, 'b.ts') }, [vsCodeDiagnostic(1, 0, 'uri with path', 'Warning')]],
      [{ $mid: 1, scheme: 'file', fsPath: path.join(root, 'c.ts') }, [vsCodeDiagnostic(2, 1, 'uri with fsPath', 'Information')]],
      [{ $mid: 1, external: fileUri(root, 'd e.ts') }, [vsCodeDiagnostic(3, 2, 'uri with external', 'Hint')]],
    ]);
    assert.equal(text, [
      'a.ts:1:5: error: string uri',
      'b.ts:2:1: warning: uri with path',
      'c.ts:3:2: info: uri with fsPath',
      'd e.ts:4:3: hint: uri with external',
    ].join('\n'));
  });

  test('flat records with file, path or uri, 1-based line and column, a missing column as 1', async () => {
    const text = await diagnosticsOf((root) => [
      { file: 'src/a.ts', line: 3, column: 7, severity: 'warning', message: 'with file' },
      { path: 'src/b.ts', line: 1, column: 1, severity: 'error', message: 'with path' },
      { uri: fileUri(root, 'src/c.ts'), line: 12, severity: 'hint', message: 'with uri, no column' },
    ]);
    assert.equal(text, [
      'src/a.ts:3:7: warning: with file',
      'src/b.ts:1:1: error: with path',
      'src/c.ts:12:1: hint: with uri, no column',
    ].join('\n'));
  });

  test('a single flat record, and a flat record holding an LSP range (0-based)', async () => {
    assert.equal(
      await diagnosticsOf(() => ({ file: 'x.py', line: 2, column: 5, message: 'alone' })),
      'x.py:2:5: error: alone',
    );
    assert.equal(
      await diagnosticsOf((root) => [{ uri: fileUri(root, 'x.py'), ...lspDiagnostic(0, 3, 'ranged', 2) }]),
      'x.py:1:4: warning: ranged',
    );
  });

  test('entries without a usable line, message or location are skipped, the others kept', async () => {
    const text = await diagnosticsOf((root) => [
      {
        uri: fileUri(root, 'a.ts'),
        diagnostics: [
          lspDiagnostic(0, 0, 'kept', 1),
          { message: 'no range' },
          { range: { start: { line: -1, character: 0 } }, message: 'negative line' },
          { range: { start: { line: 'one', character: 0 } }, message: 'line not a number' },
          lspDiagnostic(1, 0, '   '),
          { range: { start: { line: 2, character: 0 } }, message: 42 },
          'not an object',
        ],
      },
      { file: 'b.ts', line: 0, message: 'line 0 is not 1-based' },
      { file: 'b.ts', line: 1.5, message: 'fractional line' },
      { file: 'b.ts', message: 'no line' },
      { file: 'b.ts', line: 4 },
      { file: 42, line: 1, message: 'file not a string' },
      { file: '', line: 1, message: 'file empty' },
      { file: 'b.ts', line: 4, column: 2, message: 'also kept' },
    ]);
    assert.equal(text, 'a.ts:1:1: error: kept\nb.ts:4:2: error: also kept');
  });

  test('an LSP MarkupContent message and a missing character', async () => {
    const text = await diagnosticsOf(() => ({
      'a.md': [{ range: { start: { line: 6 } }, message: { kind: 'markdown', value: 'use `x`' } }],
    }));
    assert.equal(text, 'a.md:7:1: error: use `x`');
  });
});

describe('diagnostics: severity', () => {
  test('LSP numbers 1 to 4', async () => {
    const text = await diagnosticsOf(() => ({
      'a.ts': [1, 2, 3, 4].map((severity) => lspDiagnostic(severity, 0, `severity ${severity}`, severity)),
    }));
    assert.equal(text, [
      'a.ts:2:1: error: severity 1',
      'a.ts:3:1: warning: severity 2',
      'a.ts:4:1: info: severity 3',
      'a.ts:5:1: hint: severity 4',
    ].join('\n'));
  });

  test('words in any case, and a missing or unknown severity as error', async () => {
    const words = ['error', 'WARNING', 'Warn', 'information', 'Info', 'hint', undefined, 'fatal', 9];
    const text = await diagnosticsOf(() =>
      words.map((severity, index) => ({ file: 'a.ts', line: index + 1, severity, message: String(severity) })),
    );
    assert.equal(text, [
      'a.ts:1:1: error: error',
      'a.ts:2:1: warning: WARNING',
      'a.ts:3:1: warning: Warn',
      'a.ts:4:1: info: information',
      'a.ts:5:1: info: Info',
      'a.ts:6:1: hint: hint',
      'a.ts:7:1: error: undefined',
      'a.ts:8:1: error: fatal',
      'a.ts:9:1: error: 9',
    ].join('\n'));
  });
});

describe('diagnostics: locations', () => {
  test('file:// URIs are decoded, percent-encoded characters included', async () => {
    const text = await diagnosticsOf((root) => ({
      [fileUri(root, 'src/a b#1 ü.ts')]: [lspDiagnostic(0, 0, 'encoded by node', 1)],
      [`${pathToFileURL(root).href}/src/caf%C3%A9%20%5Bx%5D.ts`]: [lspDiagnostic(0, 0, 'encoded by hand', 1)],
    }));
    assert.equal(text, 'src/a b#1 ü.ts:1:1: error: encoded by node\nsrc/café [x].ts:1:1: error: encoded by hand');
  });

  test('relative paths are normalised; absolute ones inside the project become relative', async () => {
    const text = await diagnosticsOf((root) => [
      { file: './src/../src/a.ts', line: 1, message: 'dotted' },
      { file: path.join(root, 'src', '..'), line: 1, message: 'the project folder itself' },
      { file: 'src//b.ts', line: 1, message: 'double slash' },
      { file: path.join(root, 'src', 'c.ts'), line: 1, message: 'absolute' },
    ]);
    assert.equal(text, [
      '.:1:1: error: the project folder itself',
      'src/a.ts:1:1: error: dotted',
      'src/b.ts:1:1: error: double slash',
      'src/c.ts:1:1: error: absolute',
    ].join('\n'));
  });

  test('a file outside the project keeps its absolute path', async () => {
    const elsewhere = temporaryFolder();
    const { root, file, project } = setup();
    write(file, [
      { file: path.join(elsewhere, 'lib.ts'), line: 1, message: 'absolute outside' },
      { file: '../shared/x.ts', line: 2, message: 'relative outside' },
      { uri: pathToFileURL(path.join(elsewhere, 'y z.ts')).href, line: 3, message: 'uri outside' },
    ]);
    // Both folders are temporary ones side by side: `shared` sorts before `zumba-…`.
    assert.equal(await diagnostics(project, {}), [
      `${path.resolve(root, '../shared/x.ts')}:2:1: error: relative outside`,
      `${path.join(elsewhere, 'lib.ts')}:1:1: error: absolute outside`,
      `${path.join(elsewhere, 'y z.ts')}:3:1: error: uri outside`,
    ].join('\n'));
  });

  test('paths through the real folder of a project opened through a link are project paths', async () => {
    const realRoot = temporaryFolder();
    const linkRoot = path.join(temporaryFolder(), 'project-link');
    symlinkSync(realRoot, linkRoot);
    const file = path.join(temporaryFolder(), 'diagnostics.json');
    write(file, { uri: fileUri(realRoot, 'src/a.ts'), diagnostics: [lspDiagnostic(0, 0, 'real path', 1)] });
    assert.equal(await diagnostics(openProject(linkRoot, { diagnosticsFile: file }), {}), 'src/a.ts:1:1: error: real path');
  });

  test('other URI schemes are shown as written; a file URI of another host is skipped', async () => {
    const text = await diagnosticsOf(() => [
      ['untitled:Untitled-1', [lspDiagnostic(0, 0, 'unsaved buffer', 1)]],
      [{ scheme: 'vscode-vfs', path: '/github/owner/repo/../a.ts' }, [lspDiagnostic(1, 0, 'virtual file', 2)]],
      ['file://otherhost/share/a.ts', [lspDiagnostic(0, 0, 'remote', 1)]],
    ]);
    assert.equal(text, 'untitled:Untitled-1:1:1: error: unsaved buffer\nvscode-vfs:/github/owner/repo/../a.ts:2:1: warning: virtual file');
  });
});

describe('diagnostics: order and text', () => {
  test('ordered by path component by component, then line, then column', async () => {
    const text = await diagnosticsOf(() => [
      { file: 'a-c.ts', line: 1, message: 'a-c' },
      { file: 'a/b.ts', line: 10, column: 1, message: 'line 10' },
      { file: 'a/b.ts', line: 2, column: 10, message: 'line 2 column 10' },
      { file: 'a/b.ts', line: 2, column: 9, message: 'line 2 column 9' },
      { file: 'B.ts', line: 1, message: 'capital' },
    ]);
    assert.equal(text, [
      'B.ts:1:1: error: capital',
      'a/b.ts:2:9: error: line 2 column 9',
      'a/b.ts:2:10: error: line 2 column 10',
      'a/b.ts:10:1: error: line 10',
      'a-c.ts:1:1: error: a-c',
    ].join('\n'));
  });

  test("a message's newlines become spaces and it is trimmed", async () => {
    const text = await diagnosticsOf(() => [{ file: 'a.ts', line: 1, message: '  first\r\nsecond\nthird\rfourth \n' }]);
    assert.equal(text, 'a.ts:1:1: error: first second third fourth');
  });

  test('identical lines are shown once', async () => {
    const text = await diagnosticsOf((root) => [
      { uri: fileUri(root, 'a.ts'), diagnostics: [lspDiagnostic(0, 0, 'twice', 1)] },
      ['a.ts', [lspDiagnostic(0, 0, 'twice', 1), lspDiagnostic(0, 0, 'twice', 2)]],
    ]);
    assert.equal(text, 'a.ts:1:1: error: twice\na.ts:1:1: warning: twice');
  });

  test('a byte-order mark before the JSON is ignored', async () => {
    const text = await diagnosticsOf(() => `\ufeff${JSON.stringify([{ file: 'a.ts', line: 1, message: 'bom' }])}`);
    assert.equal(text, 'a.ts:1:1: error: bom');
  });
});

describe('diagnostics: the path argument', () => {
  const entries = (root: string) => [
    { file: 'src/a.ts', line: 1, message: 'in a' },
    { file: 'src/b.ts', line: 2, message: 'in b' },
    { uri: fileUri(root, 'src/a.ts'), line: 3, message: 'in a again' },
  ];

  test('a relative path keeps that file', async () => {
    assert.equal(await diagnosticsOf(entries, { path: 'src/a.ts' }), 'src/a.ts:1:1: error: in a\nsrc/a.ts:3:1: error: in a again');
    assert.equal(await diagnosticsOf(entries, { path: './lib/../src/b.ts' }), 'src/b.ts:2:1: error: in b');
  });

  test('an absolute path inside the project keeps that file', async () => {
    const { root, file, project } = setup();
    write(file, entries(root));
    assert.equal(await diagnostics(project, { path: path.join(root, 'src', 'b.ts') }), 'src/b.ts:2:1: error: in b');
  });

  test('a file without diagnostics, and a blank path meaning every file', async () => {
    assert.equal(await diagnosticsOf(entries, { path: 'src/c.ts' }), 'No diagnostics.');
    assert.equal((await diagnosticsOf(entries, { path: '' })).split('\n').length, 3);
  });

  test('a path that leaves the project is refused, with or without a diagnostics file', async () => {
    const { root, file, project } = setup();
    write(file, entries(root));
    assert.equal(await toolErrorOf(diagnostics(project, { path: '../x.ts' })), 'Path is outside the project: ../x.ts');
    assert.equal(await toolErrorOf(diagnostics(project, { path: 'src/../../x.ts' })), 'Path is outside the project: src/../../x.ts');
    const outside = path.join(temporaryFolder(), 'x.ts');
    assert.equal(await toolErrorOf(diagnostics(project, { path: outside })), `Path is outside the project: ${outside}`);
    assert.equal(await toolErrorOf(diagnostics(openProject(root), { path: '../x.ts' })), 'Path is outside the project: ../x.ts');
  });

  test('a path through a symbolic link to outside the project is refused', async () => {
    const { root, file, project } = setup();
    write(file, entries(root));
    symlinkSync(temporaryFolder(), path.join(root, 'out'));
    assert.equal(
      await toolErrorOf(diagnostics(project, { path: 'out' })),
      'Path is outside the project (through a symbolic link): out',
    );
  });

  test('a path with a NUL byte is refused', async () => {
    assert.equal(await toolErrorOf(diagnosticsOf(entries, { path: 'src/a.ts\0' })), 'Path contains a NUL byte.');
  });
});

describe('diagnostics: the line limit', () => {
  const numbered = (count: number) => () =>
    Array.from({ length: count }, (_, index) => ({ file: 'a.ts', line: index + 1, message: `m${index + 1}` }));
  const expectedLines = (count: number) => Array.from({ length: count }, (_, index) => `a.ts:${index + 1}:1: error: m${index + 1}`);

  test(`${MAX_DIAGNOSTIC_LINES} lines are shown whole`, async () => {
    assert.equal(await diagnosticsOf(numbered(200)), expectedLines(200).join('\n'));
  });

  test('past the limit, the first 200 lines and a trailer', async () => {
    assert.equal(await diagnosticsOf(numbered(1000)), [...expectedLines(200), '… more; narrow it with path'].join('\n'));
  });

  test('the path argument narrows before the limit applies', async () => {
    const text = await diagnosticsOf(
      () => [...numbered(300)(), { file: 'b.ts', line: 1, message: 'only one' }],
      { path: 'b.ts' },
    );
    assert.equal(text, 'b.ts:1:1: error: only one');
  });
});

describe('diagnostics: the file', () => {
  test('without a diagnostics file', async () => {
    assert.equal(await diagnostics(openProject(temporaryFolder()), {}), 'No diagnostics.');
  });

  test('while the file does not exist', async () => {
    const { project } = setup();
    assert.equal(await diagnostics(project, {}), 'No diagnostics.');
  });

  for (const [name, content] of [
    ['empty', ''],
    ['whitespace only', ' \n\t\r\n'],
    ['an empty array', '[]'],
    ['an empty map', '{}'],
    ['publish params without diagnostics', '{"uri": "file:///x.ts", "diagnostics": []}'],
  ]) {
    test(`a file holding none: ${name}`, async () => {
      const { file, project } = setup();
      write(file, content);
      assert.equal(await diagnostics(project, {}), 'No diagnostics.');
    });
  }

  test('is read again at every call', async () => {
    const { file, project } = setup();
    assert.equal(await diagnostics(project, {}), 'No diagnostics.');
    write(file, [{ file: 'a.ts', line: 1, message: 'first' }]);
    assert.equal(await diagnostics(project, {}), 'a.ts:1:1: error: first');
    write(file, [{ file: 'b.ts', line: 2, message: 'second' }]);
    assert.equal(await diagnostics(project, {}), 'b.ts:2:1: error: second');
    write(file, '');
    assert.equal(await diagnostics(project, {}), 'No diagnostics.');
  });

  test('a file that does not parse is read once more after a short wait', async () => {
    const { file, project } = setup();
    write(file, '[{"file": "a.ts", "line": 1, "mess');
    const call = diagnostics(project, {}); // The first read happens before the call returns.
    write(file, [{ file: 'a.ts', line: 1, message: 'complete' }]);
    assert.equal(await call, 'a.ts:1:1: error: complete');
  });

  test('truncated JSON is an error naming the file and the problem', async () => {
    const { file, project } = setup();
    write(file, '[{"file": "a.ts", "line": 1, "mess');
    const message = await toolErrorOf(diagnostics(project, {}));
    const prefix = `Cannot parse diagnostics file ${file}: `;
    assert.ok(message.startsWith(prefix), message);
    assert.ok(message.length > prefix.length, message);
  });

  for (const [name, content] of [
    ['a number', '42'],
    ['null', 'null'],
    ['a string', '"src/a.ts"'],
    ['an object that is none of the shapes', '{"a": 1}'],
    ['an array of numbers', '[1, 2]'],
    ['an array holding one unknown element', '[{"file": "a.ts", "line": 1, "message": "m"}, {"a": 1}]'],
    ['a pair whose second element is not a list', '[["file:///a.ts", 1]]'],
  ]) {
    test(`JSON of the wrong shape is an error: ${name}`, async () => {
      const { file, project } = setup();
      write(file, content);
      const message = await toolErrorOf(diagnostics(project, {}));
      assert.ok(message.startsWith(`Cannot parse diagnostics file ${file}: none of the accepted shapes`), message);
    });
  }

  test('a file holding a NUL byte is an error', async () => {
    const { file, project } = setup();
    write(file, '[]\0');
    assert.equal(await toolErrorOf(diagnostics(project, {})), `Cannot parse diagnostics file ${file}: it contains a NUL byte`);
  });

  test('a directory is an error naming it', async () => {
    const { file, project } = setup();
    mkdirSync(file);
    assert.equal(await toolErrorOf(diagnostics(project, {})), `Cannot read diagnostics file ${file}: not a regular file.`);
  });

  test('an unreadable file is an error naming it', { skip: process.getuid?.() === 0 && 'root reads any file' }, async () => {
    const { file, project } = setup();
    write(file, '[]');
    chmodSync(file, 0o000);
    const message = await toolErrorOf(diagnostics(project, {}));
    assert.ok(message.startsWith(`Cannot read diagnostics file ${file}: `), message);
    assert.match(message, /permission denied/);
  });
});
