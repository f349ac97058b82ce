/**
 * The VS Code extension (editors/vscode) without VS Code, which cannot run here: its conversion of
 * VS Code's diagnostics to the file, and its debounced, atomic writer, against the real file and the
 * real `zumba diagnostics`; and its packaging as a .vsix with @vscode/vsce. What only VS Code runs
 * (activation, the events, the settings) is not tested here.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { cliPath, repoRoot } from './helpers.js';

const EXTENSION = path.join(repoRoot, 'editors', 'vscode');
// The extension is CommonJS, built into out/ by `npm run build`.
const load = createRequire(import.meta.url);
const { diagnosticRecords, diagnosticsFileText } = load(path.join(EXTENSION, 'out', 'diagnosticsFile.js')) as typeof import('../editors/vscode/out/diagnosticsFile.js');
const { DebouncedFileWriter, defaultDiagnosticsFile } = load(path.join(EXTENSION, 'out', 'fileWriter.js')) as typeof import('../editors/vscode/out/fileWriter.js');

/** A diagnostic as VS Code's API hands it over (0-based positions, its own severities: 0 error … 3 hint). */
const at = (line: number, character: number, severity: number, message: string, source?: string) => ({
  range: { start: { line, character }, end: { line, character: character + 3 } },
  severity,
  message,
  ...(source !== undefined && { source }),
});

function zumbaDiagnostics(project: string, file: string): string {
  return spawnSync(process.execPath, [cliPath, 'diagnostics', '--project', project, '--diagnostics', file], { encoding: 'utf8' }).stdout;
}

describe('the VS Code extension, outside VS Code', () => {
  const project = mkdtempSync(path.join(os.tmpdir(), 'zumba-vscode-'));
  const a = path.join(project, 'src', 'a.ts');
  const b = path.join(project, 'b.ts');

  test("VS Code's diagnostics become records zumba diagnostics reads: 1-based, its severities, messages on one line, only files", () => {
    const all = [
      [{ scheme: 'file', fsPath: b }, [at(1, 2, 3, 'unused'), at(0, 0, 2, 'info here')]],
      [{ scheme: 'untitled', fsPath: 'Untitled-1' }, [at(0, 0, 0, 'not a file')]],
      [{ scheme: 'file', fsPath: a }, [at(9, 4, 0, "Cannot find name 'delay'.\nDid you mean 'Delay'?", 'ts'), at(2, 0, 1, 'deprecated')]],
    ] as const;
    const records = diagnosticRecords(all);
    assert.deepEqual(records[0], { path: b, line: 1, column: 1, endLine: 1, endColumn: 4, severity: 'info', message: 'info here' });
    assert.equal(records.length, 4);
    const file = path.join(project, 'diagnostics.json');
    writeFileSync(file, diagnosticsFileText(records));
    assert.equal(
      zumbaDiagnostics(project, file),
      "b.ts:1:1: info: info here\nb.ts:2:3: hint: unused\nsrc/a.ts:3:1: warning: deprecated\nsrc/a.ts:10:5: error: Cannot find name 'delay'. Did you mean 'Delay'?\n",
    );
    writeFileSync(file, diagnosticsFileText(diagnosticRecords([])));
    assert.equal(zumbaDiagnostics(project, file), 'No diagnostics.\n');
  });

  test('the writer writes once for many changes, whole, in the default folder beside its .gitignore; dispose removes the file', async () => {
    const file = defaultDiagnosticsFile(project);
    assert.equal(file, path.join(project, '.zumba', 'diagnostics.json'));
    let current: [{ scheme: string; fsPath: string }, ReturnType<typeof at>[]][] = [];
    let written = 0;
    const writer = new DebouncedFileWriter(file, () => (written++, diagnosticsFileText(diagnosticRecords(current))), (error) => assert.fail(String(error)));
    for (let round = 1; round <= 20; round++) {
      current = [[{ scheme: 'file', fsPath: a }, [at(round, 0, 0, `round ${round}`)]]];
      writer.schedule();
    }
    await writer.whenIdle();
    assert.equal(written, 1);
    assert.equal(zumbaDiagnostics(project, file), 'src/a.ts:21:1: error: round 20\n');
    assert.match(readFileSync(path.join(project, '.zumba', '.gitignore'), 'utf8'), /^\*$/m);
    // What the folder holds is left out of the project's search.
    const references = spawnSync(process.execPath, [cliPath, 'find-references', '--no-cache', '--project', project, 'round'], { encoding: 'utf8' }).stdout;
    assert.equal(references, 'No references to round.\n');
    writer.dispose();
    assert.equal(existsSync(file), false);
  });

  test('a file that cannot be written is told to onError, and the next change tries again', () => {
    const blocked = path.join(project, 'not-a-folder');
    writeFileSync(blocked, '');
    const errors: unknown[] = [];
    const writer = new DebouncedFileWriter(path.join(blocked, 'diagnostics.json'), () => '[]\n', (error) => errors.push(error));
    writer.flush();
    writer.flush();
    assert.equal(errors.length, 2);
    assert.match(String(errors[0]), /ENOTDIR|EEXIST/);
  });

  const vsce = path.join(EXTENSION, 'node_modules', '@vscode', 'vsce', 'vsce');
  const skip = !existsSync(vsce) && 'needs editors/vscode/node_modules (npm ci in editors/vscode; .ci/run does it)';
  test('packages as a .vsix with @vscode/vsce, offline: the manifest and the built extension', { skip, timeout: 120_000 }, () => {
    const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'zumba-vsix-')), 'vscode');
    cpSync(EXTENSION, copy, { recursive: true, filter: (source) => !source.includes(`${path.sep}node_modules`) && !source.endsWith('.vsix') });
    symlinkSync(path.join(EXTENSION, 'node_modules'), path.join(copy, 'node_modules'));
    const packaged = spawnSync('npm', ['run', 'package'], { cwd: copy, encoding: 'utf8' });
    assert.equal(packaged.status, 0, packaged.stdout + packaged.stderr);
    const listing = spawnSync('python3', ['-m', 'zipfile', '-l', path.join(copy, 'zumba-diagnostics.vsix')], { encoding: 'utf8' }).stdout;
    for (const entry of ['extension.vsixmanifest', 'extension/package.json', 'extension/out/extension.js', 'extension/out/diagnosticsFile.js', 'extension/out/fileWriter.js']) assert.match(listing, new RegExp(`^${entry.replace(/\./g, '\\.')} `, 'm'));
    assert.doesNotMatch(listing, /extension\/src\/|node_modules/);
  });
});
