/** `--queries DIR`: languages added or overridden from a folder laid out like grammars/ + queries/, without a rebuild. */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { cliPath } from './helpers.js';
import { SpawnedServer } from './spawnedServer.js';

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const TOY_QUERY = '(pair key: (string (string_content) @const.name)) @const\n';

/** A language root adding `toy` (JSON's grammar, kept beside the manifest) and overriding Go. */
function languageRoot(goQuery: string, toyQuery = TOY_QUERY): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-'));
  const manifest = {
    grammars: [
      { name: 'toy', scope: 'source.toy', 'file-types': ['toy'], wasm: './json.wasm', queries: { outline: 'queries/toy/outline.scm' } },
      { name: 'go', scope: 'source.go', 'file-types': ['go'], wasm: 'tree-sitter-wasms/out/tree-sitter-go.wasm', queries: { outline: 'queries/go/outline.scm' } },
    ],
  };
  write(path.join(root, 'grammars', 'languages.json'), JSON.stringify(manifest, null, 2));
  copyFileSync(createRequire(import.meta.url).resolve('tree-sitter-wasms/out/tree-sitter-json.wasm'), path.join(root, 'grammars', 'json.wasm'));
  write(path.join(root, 'queries', 'toy', 'outline.scm'), toyQuery);
  write(path.join(root, 'queries', 'go', 'outline.scm'), goQuery);
  return root;
}

const project = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-project-'));
write(path.join(project, 'settings.toy'), '{\n  "alpha": 1,\n  "beta": {\n    "gamma": 2\n  }\n}\n');
write(path.join(project, 'main.go'), 'package main\n\ntype Server struct{}\n\nfunc (s *Server) Start() {}\n\nfunc main() {}\n');

function zumba(...args: string[]) {
  return spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8' });
}

describe('--queries DIR', () => {
  const root = languageRoot('(function_declaration name: (identifier) @function.name) @function\n');

  test('adds a language: outline and find-symbol use its query', () => {
    const outline = zumba('outline', '--queries', root, '--project', project, 'settings.toy');
    assert.equal(outline.stdout, '2 const alpha\n3 const beta\n  4 const gamma\n');
    assert.equal(outline.status, 0, outline.stderr);
    assert.equal(zumba('find-symbol', '--queries', root, '--project', project, 'gamma').stdout, 'settings.toy:4 const — "gamma": 2\n');
  });

  test('overrides a language of the package', () => {
    assert.equal(zumba('outline', '--project', project, 'main.go').stdout, '3 struct Server\n5 method Server.Start\n7 function main\n');
    assert.equal(zumba('outline', '--queries', root, '--project', project, 'main.go').stdout, '7 function main\n');
  });

  test('languages lists it, served by tree-sitter, with the kinds its query captures', () => {
    const languages = zumba('languages', '--queries', root, 'toy');
    assert.equal(languages.status, 0, languages.stderr);
    assert.match(languages.stdout, /^toy +tree-sitter +\.toy +const$/m);
  });

  test('the server takes the same flag', async () => {
    const client = new Client({ name: 'zumba-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', project, '--queries', root], stderr: 'pipe' }));
    try {
      const result = (await client.callTool({ name: 'outline', arguments: { path: 'settings.toy' } })) as { content: { text: string }[] };
      assert.equal(result.content[0]!.text, '2 const alpha\n3 const beta\n  4 const gamma');
    } finally {
      await client.close();
    }
  });

  test('a query outside the convention: languages names it and exits 1; outline falls back to the keyword scanner', () => {
    const broken = languageRoot('(function_declaration name: (identifier) @func.name) @func\n');
    const languages = zumba('languages', '--queries', broken, 'go');
    assert.equal(languages.status, 1);
    assert.match(languages.stderr, /^go: .*outline\.scm: @func\.name: unknown kind "func"/m);
    const outline = zumba('outline', '--queries', broken, '--project', project, 'main.go');
    assert.equal(outline.stdout, '3 struct Server\n5 method Server.Start\n7 function main\n');
    assert.match(outline.stderr, /the go grammar failed, using the keyword scanner/);
  });

  test('#has-parent? keeps the matches whose capture stands under one of the types named', () => {
    const underArrays = languageRoot(
      '(function_declaration name: (identifier) @function.name) @function\n',
      '((string (string_content) @const.name) @const (#has-parent? @const array))\n',
    );
    write(path.join(project, 'lists.toy'), '{\n  "keys": [\n    "first",\n    {"inner": "x"},\n    "second"\n  ],\n  "other": "value"\n}\n');
    const outline = zumba('outline', '--queries', underArrays, '--project', project, 'lists.toy');
    assert.equal(outline.stdout, '3 const first\n5 const second\n');
    assert.equal(outline.status, 0, outline.stderr);
  });

  test('#strip! takes every match of its expression out of the name, and a name left blank is no entry', () => {
    const stripped = languageRoot(
      '(function_declaration name: (identifier) @function.name) @function\n',
      '((pair key: (string) @const.name) @const (#strip! @const.name "\\"|-v[0-9]+"))\n',
    );
    const versioned = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-versioned-'));
    write(path.join(versioned, 'versions.toy'), '{\n  "alpha-v2": 1,\n  "beta": {\n    "gamma-v10": 2\n  },\n  "-v3": 0\n}\n');
    const outline = zumba('outline', '--queries', stripped, '--project', versioned, 'versions.toy');
    assert.equal(outline.stdout, '2 const alpha\n3 const beta\n  4 const gamma\n');
    assert.equal(outline.status, 0, outline.stderr);
  });

  test('#strip! written wrong: the query is refused, naming why', () => {
    const cases = [
      ['((function_declaration name: (identifier) @function.name) @function (#strip! @function "x"))', /#strip! takes a name capture/],
      ['((function_declaration name: (identifier) @function.name) @function (#strip! @function.name "("))', /#strip!: Invalid regular expression/],
    ] as const;
    for (const [query, problem] of cases) {
      const outline = zumba('outline', '--queries', languageRoot(`${query}\n`), '--project', project, 'main.go');
      assert.equal(outline.stdout, '3 struct Server\n5 method Server.Start\n7 function main\n');
      assert.match(outline.stderr, problem);
    }
  });

  test('a predicate the engine does not know: languages names it and exits 1', () => {
    const unknown = languageRoot('((function_declaration name: (identifier) @function.name) @function (#is-exported? @function.name))\n');
    const languages = zumba('languages', '--queries', unknown, 'go');
    assert.equal(languages.status, 1);
    assert.match(languages.stderr, /^go: .*outline\.scm: unknown predicate #is-exported\?/m);
  });

  test('a query file or a grammar of its own that is not there: one line naming it, exit 2, for every command', async () => {
    const noQuery = languageRoot('');
    rmSync(path.join(noQuery, 'queries', 'toy', 'outline.scm'));
    const noGrammar = languageRoot('(function_declaration name: (identifier) @function.name) @function\n');
    rmSync(path.join(noGrammar, 'grammars', 'json.wasm'));
    for (const [root, missing] of [[noQuery, /query queries\/toy\/outline\.scm not found/], [noGrammar, /grammar \.\/json\.wasm not found/]] as const) {
      for (const args of [['outline', '--project', project, 'settings.toy'], ['find-symbol', '--project', project, 'gamma'], ['languages']]) {
        const result = zumba(...args, '--queries', root);
        assert.equal(result.status, 2, `${args[0]}: ${result.stderr}`);
        assert.equal(result.stdout, '');
        assert.equal(result.stderr.trim().split('\n').length, 1, result.stderr);
        assert.match(result.stderr, missing);
      }
      const server = spawnSync(process.execPath, [cliPath, 'mcp', project, '--queries', root], { encoding: 'utf8', input: '' });
      assert.equal(server.status, 2, server.stderr);
      assert.equal(server.stdout, '');
      assert.match(server.stderr, missing);
    }
  });

  test('a folder without a manifest: one line, exit 2', () => {
    const empty = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-empty-'));
    const result = zumba('languages', '--queries', empty);
    assert.equal(result.status, 2);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /grammars\/languages\.json/);
  });
});

describe('--queries DIR with a data language ("data": true)', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-data-'));
  const manifest = { grammars: [{ name: 'toydata', scope: 'source.toydata', 'file-types': ['toy'], wasm: './json.wasm', queries: { outline: 'queries/toydata/outline.scm' }, data: true }] };
  write(path.join(root, 'grammars', 'languages.json'), JSON.stringify(manifest));
  copyFileSync(createRequire(import.meta.url).resolve('tree-sitter-wasms/out/tree-sitter-json.wasm'), path.join(root, 'grammars', 'json.wasm'));
  write(path.join(root, 'queries', 'toydata', 'outline.scm'), '(pair key: (string (string_content) @key.name)) @key\n');

  test('its keys are outlined, and find-symbol reports none of them', () => {
    const outline = zumba('outline', '--queries', root, '--project', project, 'settings.toy');
    assert.equal(outline.stdout, '2 key alpha\n3 key beta\n  4 key gamma\n');
    assert.equal(zumba('find-symbol', '--queries', root, '--project', project, 'gamma').stdout, 'No symbol matches gamma.\n');
    assert.equal(zumba('find-references', '--queries', root, '--project', project, 'gamma').stdout, 'settings.toy:4: "gamma": 2\n');
  });
});

describe('--queries DIR with a heuristic: a file type whose language its text tells', () => {
  /** A language root that reads `.inc` as C++ when it opens a namespace, else as C (the package's grammars). */
  function heuristicRoot(otherwise: string): string {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-heuristic-'));
    const manifest = { grammars: [], heuristics: [{ 'file-types': ['inc'], rules: [{ language: 'cpp', patterns: ['^namespace\\s'] }], otherwise }] };
    write(path.join(root, 'grammars', 'languages.json'), JSON.stringify(manifest, null, 2));
    return root;
  }
  const sources = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-heuristic-project-'));
  write(path.join(sources, 'tables.inc'), 'namespace tables {\nint lookup(int key);\n}\n');
  write(path.join(sources, 'plain.inc'), 'struct entry { int key; };\nint lookup(int key);\n');

  test('each file is read as the language its text shows; languages lists the choice', () => {
    const root = heuristicRoot('c');
    assert.equal(zumba('outline', '--queries', root, '--project', sources, 'tables.inc').stdout, '1 module tables\n  2 function lookup\n');
    assert.equal(zumba('outline', '--queries', root, '--project', sources, 'plain.inc').stdout, '1 struct entry\n2 function lookup\n');
    assert.match(zumba('languages', '--queries', root, 'cpp|c').stdout, /^cpp\|c +by-content +\.inc +as cpp or c, as the text shows$/m);
  });

  test('a heuristic naming no known language is refused: one line, exit 2', () => {
    const result = zumba('languages', '--queries', heuristicRoot('cobol'));
    assert.equal(result.status, 2);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(result.stderr, /languages\.json: a heuristic or macro list names no known language: cobol/);
  });
});

describe('--queries DIR with a macro list: a project\'s own macros, without a rebuild', () => {
  const sources = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-macros-project-'));
  // Lower case, so that no general rule takes them for macros: only a list can.
  write(path.join(sources, 'alloc.c'), 'static mylib_inline mylib_alloc_size(1) void *mylib_malloc(unsigned long size)\n{\n\treturn 0;\n}\n');
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-macros-'));
  const manifest = { grammars: [], macros: [{ languages: ['c'], noise: ['mylib_inline'], 'noise-calls': ['mylib_alloc_size'] }] };
  write(path.join(root, 'grammars', 'languages.json'), JSON.stringify(manifest, null, 2));

  test('the function is named by its own name once its macros are listed; the index keeps each answer apart', () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-macros-cache-'));
    const outline = (...extra: string[]) => zumba('outline', '--cache-dir', cache, ...extra, '--project', sources, 'alloc.c').stdout;
    assert.equal(outline(), '1 function mylib_alloc_size\n');
    assert.equal(outline('--queries', root), '1 function mylib_malloc\n');
    assert.equal(outline(), '1 function mylib_alloc_size\n');
  });
});

describe('search workers', () => {
  test('workers search with the languages the main thread read: a language root works once its manifest is gone', async () => {
    const { openProject } = await import('../src/session/project.js');
    const { findSymbol } = await import('../src/tools/findSymbol.js');
    const root = languageRoot('(function_declaration name: (identifier) @function.name) @function\n');
    const opened = openProject(project, { languageRoots: [root] });
    // The main thread has read the manifest; the workers, started at the first search, are given its grammars.
    rmSync(path.join(root, 'grammars', 'languages.json'));
    try {
      assert.equal(await findSymbol(opened, { name: 'gamma' }), 'settings.toy:4 const — "gamma": 2');
      assert.equal(await findSymbol(opened, { name: 'main' }), 'main.go:7 function — func main() {}');
    } finally {
      await opened.search.close();
    }
  });
});

describe('the engine warmed after the handshake', () => {
  /** A language root whose Lua is the package's grammar with a query of its own, which a test rewrites. */
  function luaRoot(): { root: string; query: string } {
    const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-warm-'));
    const manifest = { grammars: [{ name: 'lua', scope: 'source.lua', 'file-types': ['lua'], wasm: '@tree-sitter-grammars/tree-sitter-lua/tree-sitter-lua.wasm', queries: { outline: 'queries/lua/outline.scm' } }] };
    write(path.join(root, 'grammars', 'languages.json'), JSON.stringify(manifest));
    const query = path.join(root, 'queries', 'lua', 'outline.scm');
    write(query, '(function_declaration name: (_) @function.name) @function\n');
    return { root, query };
  }
  // A query is compiled once a process: what its file says after that does not change the outlines.
  const rewriteAsMethods = (query: string) => writeFileSync(query, '(function_declaration name: (_) @method.name) @method\n');
  write(path.join(project, 'init.lua'), 'local M = {}\nfunction M.setup(options)\n  return options\nend\nreturn M\n');
  const initialize = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } } });
  const initialized = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });
  const outlineCall = (id: number, file: string) => JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'outline', arguments: { path: file } } });
  const textOf = (server: SpawnedServer, id: number) => {
    const response = server.responses().find((r) => r['id'] === id)!;
    return (response['result'] as { content: { text: string }[] }).content[0]!.text;
  };
  const idle = () => new Promise((resolve) => setTimeout(resolve, 1500));

  /** A server's outline of init.lua, asked once it has been idle and Lua's query file rewritten after that; and its stderr. */
  async function outlineAfterIdleAndEdit(options: readonly string[], { root, query } = luaRoot()): Promise<{ text: string; stderr: string }> {
    const server = new SpawnedServer(['mcp', project, ...options, '--queries', root]);
    try {
      await server.write(`${initialize}\n${initialized}\n`);
      await idle();
      rewriteAsMethods(query);
      await server.write(`${outlineCall(2, 'init.lua')}\n`);
      await server.until(() => server.lines.length === 2, 'the outline');
      server.child.stdin.end();
      assert.deepEqual(await server.exited, { code: 0, signal: null });
      return { text: textOf(server, 2), stderr: server.stderr };
    } finally {
      server.child.kill();
    }
  }

  test("an idle server has compiled Lua's query before its first outline", async () => {
    assert.deepEqual(await outlineAfterIdleAndEdit(['--no-cache']), { text: '2 function M.setup', stderr: '' });
  });

  test('an outline made by the query compiled before its file was edited is not kept as the edited one\'s', async () => {
    const cache = mkdtempSync(path.join(os.tmpdir(), 'zumba-queries-warm-cache-'));
    const lua = luaRoot();
    assert.equal((await outlineAfterIdleAndEdit(['--cache-dir', cache], lua)).text, '2 function M.setup');
    // A new process compiles the query as it is now, and finds nothing in the index made by the old one.
    assert.equal(zumba('outline', '--cache-dir', cache, '--queries', lua.root, '--project', project, 'init.lua').stdout, '2 method M.setup\n');
  });

  test("a client that calls at once gets no warm-up: Lua's query is compiled at its first outline", async () => {
    const { root, query } = luaRoot();
    const server = new SpawnedServer(['mcp', project, '--no-cache', '--queries', root]);
    try {
      await server.write(`${initialize}\n${initialized}\n${outlineCall(2, 'main.go')}\n`);
      await server.until(() => server.lines.length === 2, 'the Go outline');
      await idle();
      rewriteAsMethods(query);
      await server.write(`${outlineCall(3, 'init.lua')}\n`);
      await server.until(() => server.lines.length === 3, 'the Lua outline');
      assert.equal(textOf(server, 2), '3 struct Server\n5 method Server.Start\n7 function main');
      assert.equal(textOf(server, 3), '2 method M.setup');
      server.child.stdin.end();
      assert.deepEqual(await server.exited, { code: 0, signal: null });
    } finally {
      server.child.kill();
    }
  });
});
