/**
 * The package as a user gets it. `npm pack` of the built tree holds what runs and nothing more, and
 * installs no script of its own. Installed globally into a scratch prefix as the README says (no
 * install scripts, then the SQLite binding's alone), its `zumba` answers as a server and as commands,
 * with everything it loads from that prefix.
 *
 * The install reads npm's registry, or its cache, and nothing else. The binding's install script takes
 * a prebuilt binding where one exists, as it would fetch one online: here the clone's own, built for
 * the Node running the test, packed as that script's download is (compiling SQLite again would cost
 * some 100 s of CPU). Where it finds none, it compiles one against this Node's headers.
 */
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cliPath, fixture, repoRoot } from './helpers.js';
import { killAll, SpawnedServer } from './spawnedServer.js';

after(killAll);

/** What a package may hold: the command's bundle, the language manifest and queries, the documentation. */
const SHIPPED = /^(package\.json|README\.md|LICENSE|dist\/bin\/[^/]+\.js|grammars\/[^/]+\.json|queries\/.+\.(scm|md)|docs\/[^/]+\.md)$/;
/** The Node running the tests, first on the PATH: npm, the binding's build and the command all run under it. */
const nodeFolder = path.dirname(process.execPath);
const env = { ...process.env, PATH: `${nodeFolder}${path.delimiter}${process.env['PATH'] ?? ''}` };

function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): string {
  const result = spawnSync(command, args, { encoding: 'utf8', env, ...options });
  assert.equal(result.status, 0, `${command} ${args.join(' ')} exited ${result.status ?? result.signal}:\n${String(result.stdout)}\n${String(result.stderr)}`);
  return String(result.stdout);
}

/**
 * A folder holding the clone's SQLite binding as the prebuilt download better-sqlite3's install script
 * (prebuild-install) looks for, named as it names it, for the environment variable that points it there.
 */
function localPrebuilds(scratch: string): Record<string, string> {
  const binding = path.join(repoRoot, 'node_modules', 'better-sqlite3');
  const { version } = JSON.parse(readFileSync(path.join(binding, 'package.json'), 'utf8')) as { version: string };
  const folder = path.join(scratch, 'prebuilds');
  mkdirSync(folder);
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  run('tar', ['czf', path.join(folder, name), '-C', binding, 'build/Release/better_sqlite3.node']);
  return { npm_config_better_sqlite3_local_prebuilds: folder };
}

interface Packed {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

/** The manifest's query files, as paths in the package. */
function manifestQueries(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'grammars', 'languages.json'), 'utf8')) as { grammars: { queries: Record<string, string | string[]> }[] };
  return [...new Set(manifest.grammars.flatMap((grammar) => Object.values(grammar.queries).flat()))];
}

describe('the packed package', () => {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'zumba-package-'));
  let packed: Packed;
  before(() => {
    // The suite has built dist/ already: packing again would rebuild it under the running tests.
    [packed] = JSON.parse(run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], { cwd: repoRoot })) as [Packed];
  });

  test('holds the bundle, the manifest and every query it names, and nothing else; it runs no script at install', () => {
    const files = packed.files.map((file) => file.path);
    assert.deepEqual(files.filter((file) => !SHIPPED.test(file)), []);
    for (const needed of ['dist/bin/main.js', 'dist/bin/searchWorker.js', 'dist/bin/outlineWorker.js', 'grammars/languages.json', ...manifestQueries()]) {
      assert.ok(files.includes(needed), `${needed} is not in the package`);
    }
    const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    assert.deepEqual(Object.keys(manifest.scripts).filter((script) => /^(pre|post)?install$|^prepare$/.test(script)), []);
  });

  test('installed globally in a scratch prefix: zumba answers initialize, find_symbol and outline, with its own SQLite binding', { timeout: 600_000 }, async () => {
    const prefix = path.join(scratch, 'prefix');
    const common = ['-g', '--prefix', prefix, '--no-audit', '--no-fund'];
    run('npm', ['install', ...common, '--ignore-scripts', '--prefer-offline', path.join(scratch, packed.filename)]);
    run('npm', ['rebuild', ...common, '--allow-scripts=better-sqlite3', `--nodedir=${path.dirname(nodeFolder)}`, 'better-sqlite3'], { env: { ...env, ...localPrebuilds(scratch) } });
    const project = path.join(scratch, 'project');
    cpSync(fixture('project'), project, { recursive: true });
    const zumba = path.join(prefix, 'bin', 'zumba');

    assert.equal(run(zumba, ['find-symbol', 'Handoff'], { cwd: project }), 'src/handoff.py:4 class — class Handoff:\n');
    const fromClone = spawnSync(process.execPath, [cliPath, 'outline', 'src/handoff.py'], { cwd: project, encoding: 'utf8' });
    assert.equal(run(zumba, ['outline', 'src/handoff.py'], { cwd: project }), fromClone.stdout);

    const server = new SpawnedServer(['mcp', project], [zumba], env);
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '0' } } };
    const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_symbol', arguments: { name: 'Handoff' } } };
    await server.write(`${JSON.stringify(initialize)}\n${JSON.stringify(call)}\n`);
    await server.until(() => server.lines.length === 2, 'the answers to initialize and find_symbol');
    const [initialized, found] = server.responses() as [{ result: { serverInfo: { name: string } } }, { result: { content: { text: string }[] } }];
    assert.equal(initialized.result.serverInfo.name, 'zumba');
    assert.match(found.result.content[0]!.text, /^src\/handoff\.py:4 class/);
    // Every native binding the server has loaded is the prefix's own, the SQLite one among them.
    const maps = readFileSync(`/proc/${server.child.pid}/maps`, 'utf8');
    const bindings = [...new Set(maps.split('\n').flatMap((line) => /\s(\/\S+\.node)$/.exec(line)?.[1] ?? []))];
    assert.ok(bindings.some((binding) => path.basename(binding) === 'better_sqlite3.node'), `loaded bindings: ${bindings.join(', ')}`);
    const installed = realpathSync(prefix) + path.sep;
    assert.deepEqual(bindings.filter((binding) => !binding.startsWith(installed)), []);
    server.child.stdin.end();
    assert.deepEqual(await server.exited, { code: 0, signal: null });
  });
});
