/**
 * The Neovim plugin (editors/nvim) in a real headless Neovim: what it writes is checked with the real
 * `zumba diagnostics`, and a server reading the file while the plugin rewrites it never fails to parse.
 */
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cliPath, repoRoot } from './helpers.js';

const PLUGIN = path.join(repoRoot, 'editors', 'nvim');
const hasNeovim = spawnSync('nvim', ['--version']).status === 0;
const skip = !hasNeovim && 'needs Neovim 0.7 or newer (apt-get install neovim; .ci/run installs it)';

/** A project of two files, and the Lua that drives Neovim, with the strings it needs. */
function scratch(): { project: string; a: string; b: string } {
  const project = mkdtempSync(path.join(os.tmpdir(), 'zumba-nvim-'));
  const a = path.join(project, 'a.py');
  const b = path.join(project, 'b.py');
  writeFileSync(a, 'def first():\n    return 1\n\n\ndef second():\n    return 2\n');
  writeFileSync(b, 'x = 1\ny = 2\n');
  return { project, a, b };
}

/** Runs a Lua script in `nvim --headless -u NONE` with the plugin on its runtime path; its `lua print` output, and the exit status. */
function runNeovim(script: string, cwd: string): { status: number | null; stderr: string } {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'zumba-nvim-script-')), 'test.lua');
  writeFileSync(file, `vim.opt.runtimepath:prepend(${lua(PLUGIN)})\n${script}\nvim.cmd('qa!')\n`);
  const result = spawnSync('nvim', ['--headless', '-u', 'NONE', '-n', '-c', `luafile ${file}`], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stderr: result.stderr };
}

function lua(text: string): string {
  return JSON.stringify(text); // A JSON string is a Lua string for everything these paths hold.
}

/** Lua: `zumba diagnostics` on the file once the debounce has passed, written to `<results>/<step>.txt`. */
const CHECK = `
local function check(step)
  vim.wait(500, function() return false end)
  local out = vim.fn.system({ NODE, CLI, 'diagnostics', '--project', PROJECT, '--diagnostics', FILE })
  local f = io.open(RESULTS .. '/' .. step .. '.txt', 'w'); f:write(out); f:close()
end`;

describe('the Neovim plugin', () => {
  test('writes every buffer\'s diagnostics as they are set, changed and cleared; the file goes when Neovim does', { skip, timeout: 90_000 }, () => {
    const { project, a, b } = scratch();
    const results = mkdtempSync(path.join(os.tmpdir(), 'zumba-nvim-results-'));
    const file = path.join(project, 'editor-diagnostics.json');
    const script = `
NODE, CLI, PROJECT, FILE, RESULTS = ${[process.execPath, cliPath, project, file, results].map(lua).join(', ')}
${CHECK}
require('zumba').setup({ path = FILE })
local ns = vim.api.nvim_create_namespace('zumba-test')
local S = vim.diagnostic.severity
vim.cmd('edit ' .. vim.fn.fnameescape(${lua(a)}))
local a = vim.api.nvim_get_current_buf()
vim.cmd('edit ' .. vim.fn.fnameescape(${lua(b)}))
local b = vim.api.nvim_get_current_buf()
vim.diagnostic.set(ns, a, {
  { lnum = 4, col = 4, severity = S.ERROR, message = 'undefined name\\nsecond line' },
  { lnum = 0, col = 0, severity = S.WARN, message = 'missing docstring' },
})
vim.diagnostic.set(ns, b, { { lnum = 1, col = 2, severity = S.HINT, message = 'y is unused' } })
check('set')
vim.diagnostic.set(ns, a, { { lnum = 1, col = 11, severity = S.INFO, message = 'could be a constant' } })
check('changed')
vim.diagnostic.reset(ns, b)
check('cleared-one')
vim.diagnostic.reset(ns)
check('cleared-all')
`;
    const run = runNeovim(script, project);
    assert.equal(run.status, 0, run.stderr);
    const step = (name: string) => readFileSync(path.join(results, `${name}.txt`), 'utf8');
    assert.equal(step('set'), 'a.py:1:1: warning: missing docstring\na.py:5:5: error: undefined name second line\nb.py:2:3: hint: y is unused\n');
    assert.equal(step('changed'), 'a.py:2:12: info: could be a constant\nb.py:2:3: hint: y is unused\n');
    assert.equal(step('cleared-one'), 'a.py:2:12: info: could be a constant\n');
    assert.equal(step('cleared-all'), 'No diagnostics.\n');
    assert.equal(existsSync(file), false, 'the file outlived Neovim');
  });

  test('without a path: .zumba/diagnostics.json in the current folder, which git and zumba leave out', { skip, timeout: 90_000 }, () => {
    const { project, a } = scratch();
    const results = mkdtempSync(path.join(os.tmpdir(), 'zumba-nvim-results-'));
    const file = path.join(project, '.zumba', 'diagnostics.json');
    const script = `
NODE, CLI, PROJECT, FILE, RESULTS = ${[process.execPath, cliPath, project, file, results].map(lua).join(', ')}
${CHECK}
require('zumba').setup()
assert(require('zumba').path() == FILE, require('zumba').path())
vim.cmd('edit ' .. vim.fn.fnameescape(${lua(a)}))
vim.diagnostic.set(vim.api.nvim_create_namespace('t'), 0, { { lnum = 0, col = 4, severity = vim.diagnostic.severity.ERROR, message = 'zumbamarker' } })
check('default')
local refs = vim.fn.system({ NODE, CLI, 'find-references', '--no-cache', '--project', PROJECT, 'zumbamarker' })
local f = io.open(RESULTS .. '/refs.txt', 'w'); f:write(refs); f:close()
`;
    const run = runNeovim(script, project);
    assert.equal(run.status, 0, run.stderr);
    assert.equal(readFileSync(path.join(results, 'default.txt'), 'utf8'), 'a.py:1:5: error: zumbamarker\n');
    assert.equal(readFileSync(path.join(project, '.zumba', '.gitignore'), 'utf8').split('\n').filter((line) => !line.startsWith('#'))[0], '*');
    assert.equal(readFileSync(path.join(results, 'refs.txt'), 'utf8'), 'No references to zumbamarker.\n');
  });

  test('the file is never seen half written; a server reading it meanwhile never fails to parse it twice in a row', { skip, timeout: 120_000 }, async () => {
    const { project, a } = scratch();
    const file = path.join(project, 'editor-diagnostics.json');
    const done = path.join(project, 'rewrites-done');
    // 400 rewrites, each of 200 diagnostics, written at once (flush) rather than after the debounce.
    const script = `
require('zumba').setup({ path = ${lua(file)} })
local ns = vim.api.nvim_create_namespace('churn')
vim.cmd('edit ' .. vim.fn.fnameescape(${lua(a)}))
for round = 1, 400 do
  local list = {}
  for i = 1, 200 do list[i] = { lnum = i % 6, col = 0, severity = 1 + (round + i) % 4, message = ('round %d item %d'):format(round, i) } end
  vim.diagnostic.set(ns, 0, list)
  require('zumba').flush()
end
io.open(${lua(done)}, 'w'):close()
`;
    const client = new Client({ name: 'nvim-test', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', project, '--diagnostics', file, '--no-cache'], stderr: 'pipe' }));
    const neovim = spawn('nvim', ['--headless', '-u', 'NONE', '-n', '-c', `lua vim.opt.runtimepath:prepend(${lua(PLUGIN)})`, '-c', `lua ${script.replace(/\n/g, ' ')}`, '-c', 'qa!'], { cwd: project, stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => neovim.on('exit', resolve));
    let calls = 0;
    let errors = 0;
    let inARow = 0;
    let worst = 0;
    let reads = 0;
    const halfWritten: string[] = [];
    while (!existsSync(done) || calls < 50) {
      // Between calls, the file as a reader of its own sees it: whole JSON, or (before the first write) none.
      for (let i = 0; i < 20; i++) {
        let text: string;
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          continue;
        }
        reads++;
        try {
          JSON.parse(text);
        } catch {
          halfWritten.push(text.slice(-40));
        }
      }
      const result = (await client.callTool({ name: 'diagnostics', arguments: {} })) as { isError?: boolean };
      calls++;
      inARow = result.isError === true ? inARow + 1 : 0;
      errors += result.isError === true ? 1 : 0;
      worst = Math.max(worst, inARow);
      if (calls > 20_000) break;
    }
    assert.equal(await exited, 0);
    await client.close();
    assert.ok(existsSync(done), 'Neovim did not get through its rewrites');
    assert.deepEqual(halfWritten.slice(0, 3), [], `${halfWritten.length} of ${reads} reads found the file half written`);
    assert.ok(worst < 2, `${errors} of ${calls} calls failed, ${worst} in a row`);
  });
});
