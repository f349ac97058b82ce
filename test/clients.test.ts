/**
 * The real coding agents, end to end: Claude Code, Codex and OpenCode at the versions
 * test/clients/package.json pins, each configured with the README's own snippet for it, each driven
 * by a scripted model on loopback that calls find_symbol. Each test checks that the server's answer
 * reached the model in the agent's next request, and that the agent asked for no other host (the
 * scripted model is its proxy, and refuses them).
 *
 * The agents are not the project's dependencies: `npm install --prefix test/clients --no-save`
 * installs them (.ci/run does). Without them these tests are skipped, except in CI (CI=true), where
 * that fails.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { cliPath, repoRoot } from './helpers.js';
import { readmeSnippet } from './readmeSnippets.js';
import { callResult, offeredTools, startScriptedModel, type Exchange, type ScriptedModel, type ToolCall, type Wire } from './scriptedModel.js';

const CLIENTS = path.join(repoRoot, 'test', 'clients');
const INSTALL = 'npm install --prefix test/clients --no-save';
const QUESTION = 'Where is greetVisitor defined?';
const FILE = '// Greets the people who visit.\n\nexport function greetVisitor(name: string): string {\n  return `Hello, ${name}`;\n}\n';
/** find_symbol's answer for greetVisitor in that project. */
const ANSWER = 'src/greeting.ts:3 function — export function greetVisitor(name: string): string {';
const FIND_SYMBOL = { name: 'greetVisitor' };
/** An agent that hangs (on a model it waits for, say) fails its test rather than the suite. */
const RUN_TIMEOUT_MS = 120_000;

const pinned = JSON.parse(readFileSync(path.join(CLIENTS, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };

/** Why the agent in this package cannot be run: not installed, or not at the pinned version. */
function notInstalled(packageName: string): string | undefined {
  const manifest = path.join(CLIENTS, 'node_modules', packageName, 'package.json');
  const version = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version : undefined;
  if (version === pinned.dependencies[packageName]) return undefined;
  const found = version === undefined ? 'none found' : `found ${version}`;
  return `${packageName}@${pinned.dependencies[packageName]} is not installed in test/clients (${found}): \`${INSTALL}\` installs it`;
}

/** The test's skip option: skipped where the agent is missing, except in CI, where the test runs and fails. */
function skipUnlessInstalled(packageName: string): string | false {
  const reason = notInstalled(packageName);
  return reason !== undefined && process.env['CI'] !== 'true' ? `${reason} (in CI this fails)` : false;
}

function title(packageName: string, client: string, what: string): string {
  return `${client} ${pinned.dependencies[packageName]}, configured as the README says: ${what}`;
}

interface Scratch {
  /** A project holding one TypeScript file. */
  readonly project: string;
  /** The agent's home folder. */
  readonly home: string;
  /** A folder holding a `zumba` command: this Node running the built one, which the README's snippets call. */
  readonly bin: string;
}

function scratch(): Scratch {
  const root = mkdtempSync(path.join(os.tmpdir(), 'zumba-client-'));
  const project = path.join(root, 'project');
  mkdirSync(path.join(project, 'src'), { recursive: true });
  writeFileSync(path.join(project, 'src', 'greeting.ts'), FILE);
  const home = path.join(root, 'home');
  mkdirSync(home);
  const bin = path.join(root, 'bin');
  mkdirSync(bin);
  writeFileSync(path.join(bin, 'zumba'), `#!/bin/sh\nexec '${process.execPath}' '${cliPath}' "$@"\n`);
  chmodSync(path.join(bin, 'zumba'), 0o755);
  return { project, home, bin };
}

/**
 * The agent's whole environment, nothing inherited but PATH and TMPDIR: `zumba` and this Node first,
 * then the agents; its own home; the scripted model as its proxy for every other host.
 */
function agentEnv({ home, bin }: Scratch, model: ScriptedModel, own: Record<string, string>): NodeJS.ProcessEnv {
  const noProxy = '127.0.0.1,localhost';
  return {
    PATH: [bin, path.dirname(process.execPath), path.join(CLIENTS, 'node_modules', '.bin'), process.env['PATH']].join(path.delimiter),
    HOME: home,
    TMPDIR: os.tmpdir(),
    HTTP_PROXY: model.url,
    HTTPS_PROXY: model.url,
    NO_PROXY: noProxy,
    http_proxy: model.url,
    https_proxy: model.url,
    no_proxy: noProxy,
    ...own,
  };
}

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command to its end (killed after RUN_TIMEOUT_MS), with no input. */
function run(command: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

function assertSucceeded(ran: Run, what: string): void {
  assert.equal(ran.code, 0, `${what} exited with ${ran.code}:\n${ran.stdout}\n${ran.stderr}`);
}

/**
 * The model called the tool, and a later request carried its result, ending with find_symbol's
 * answer (an agent may put its own text before it). Returns the request the model answered with the call.
 */
function assertAnswerReached(model: ScriptedModel, wire: Wire): Exchange {
  const called = model.exchanges.findIndex((exchange) => exchange.answer === 'call');
  const offered = model.exchanges.map((exchange) => offeredTools(wire, exchange.body).join(', '));
  assert.notEqual(called, -1, `no request offered the tool; the tools of each request:\n${offered.join('\n')}`);
  const result = model.exchanges
    .slice(called + 1)
    .map((exchange) => callResult(wire, exchange.body))
    .find((texts) => texts !== undefined);
  assert.equal(result?.at(-1), ANSWER, `the result the agent sent back: ${JSON.stringify(result)}`);
  return model.exchanges[called]!;
}

/**
 * Drives one agent against a scripted model that makes this call, and checks that its answer reached
 * the model. Returns the request the model answered with the call, and the other hosts the agent asked for.
 */
async function withModel(wire: Wire, call: ToolCall, drive: (model: ScriptedModel) => Promise<void>): Promise<{ exchange: Exchange; outsideHosts: readonly string[] }> {
  const model = await startScriptedModel(wire, call);
  try {
    await drive(model);
    return { exchange: assertAnswerReached(model, wire), outsideHosts: model.outsideHosts };
  } finally {
    await model.close();
  }
}

/** How Claude Code sent each Zumba tool to the model: with its description and schema, or deferred. */
function zumbaToolsAsSent(body: Exchange['body']): { name: string; described: boolean; schema: boolean; deferred: boolean }[] {
  const tools = Array.isArray(body['tools']) ? (body['tools'] as Record<string, unknown>[]) : [];
  return tools
    .filter((tool) => String(tool['name']).startsWith('mcp__zumba__'))
    .map((tool) => ({
      name: String(tool['name']),
      described: typeof tool['description'] === 'string' && tool['description'] !== '',
      schema: typeof tool['input_schema'] === 'object',
      deferred: tool['defer_loading'] === true,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

const CLAUDE = '@anthropic-ai/claude-code';
test(title(CLAUDE, 'Claude Code', 'the four tools reach the model loaded, and find_symbol’s answer reaches it'), { skip: skipUnlessInstalled(CLAUDE) }, async () => {
  assert.equal(notInstalled(CLAUDE), undefined);
  const folders = scratch();
  const { project } = folders;
  const call = { tool: 'mcp__zumba__find_symbol', input: FIND_SYMBOL };
  const { exchange, outsideHosts } = await withModel('messages', call, async (model) => {
    const env = agentEnv(folders, model, {
      ANTHROPIC_BASE_URL: model.url,
      ANTHROPIC_API_KEY: 'scripted',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
    // `claude mcp add …` as the README gives it, run from the project folder.
    assertSucceeded(await run('sh', ['-c', readmeSnippet('sh', 'claude mcp add zumba', project)], project, env), 'claude mcp add');
    const args = ['-p', QUESTION, '--output-format', 'json', '--allowedTools', call.tool];
    assertSucceeded(await run('claude', args, project, env), 'claude -p');
  });
  const loaded = { described: true, schema: true, deferred: false };
  assert.deepEqual(
    zumbaToolsAsSent(exchange.body),
    ['diagnostics', 'find_references', 'find_symbol', 'outline'].map((name) => ({ name: `mcp__zumba__${name}`, ...loaded })),
  );
  assert.deepEqual(outsideHosts, [], 'Claude Code asked for hosts other than its model');
});

const CODEX = '@openai/codex';
test(title(CODEX, 'Codex', 'codex exec calls find_symbol, and its answer reaches the model'), { skip: skipUnlessInstalled(CODEX) }, async () => {
  assert.equal(notInstalled(CODEX), undefined);
  const folders = scratch();
  const { project, home } = folders;
  const { outsideHosts } = await withModel('responses', { tool: 'find_symbol', namespace: 'mcp__zumba', input: FIND_SYMBOL }, async (model) => {
    const provider = [
      'model_provider = "scripted"',
      'model = "scripted"',
      '',
      '[model_providers.scripted]',
      'name = "scripted model"',
      `base_url = "${model.url}/v1"`,
      'wire_api = "responses"',
      'env_key = "SCRIPTED_MODEL_KEY"',
      '',
      // No curated plugins from GitHub, no metrics sent.
      '[features]',
      'plugins = false',
      '',
      '[analytics]',
      'enabled = false',
      '',
    ].join('\n');
    mkdirSync(path.join(home, '.codex'));
    writeFileSync(path.join(home, '.codex', 'config.toml'), provider + readmeSnippet('toml', '[mcp_servers.zumba]', project));
    const env = agentEnv(folders, model, { SCRIPTED_MODEL_KEY: 'scripted' });
    assertSucceeded(await run('codex', ['exec', '--skip-git-repo-check', QUESTION], project, env), 'codex exec');
  });
  assert.deepEqual(outsideHosts, [], 'Codex asked for hosts other than its model');
});

const OPENCODE = 'opencode-ai';
test(title(OPENCODE, 'OpenCode', 'opencode run calls find_symbol, and its answer reaches the model'), { skip: skipUnlessInstalled(OPENCODE) }, async () => {
  assert.equal(notInstalled(OPENCODE), undefined);
  const folders = scratch();
  const { project, home } = folders;
  const { outsideHosts } = await withModel('messages', { tool: 'zumba_find_symbol', input: FIND_SYMBOL }, async (model) => {
    const config = JSON.parse(readmeSnippet('json', '"type": "local"', project)) as Record<string, unknown>;
    // A provider of OpenCode's own Anthropic kind (bundled in it: nothing to install) at the scripted model.
    const provider = {
      scripted: {
        npm: '@ai-sdk/anthropic',
        options: { baseURL: `${model.url}/v1`, apiKey: 'scripted' },
        models: { scripted: { name: 'scripted', tool_call: true } },
      },
    };
    mkdirSync(path.join(home, '.config', 'opencode'), { recursive: true });
    writeFileSync(path.join(home, '.config', 'opencode', 'opencode.json'), JSON.stringify({ ...config, model: 'scripted/scripted', provider }));
    const env = agentEnv(folders, model, {
      OPENCODE_DISABLE_AUTOUPDATE: 'true',
      OPENCODE_DISABLE_MODELS_FETCH: 'true',
    });
    assertSucceeded(await run('opencode', ['run', QUESTION], project, env), 'opencode run');
  });
  // At each start OpenCode installs its plugin kit into its config folder from the npm registry, and
  // no setting turns that off: the proxy refuses it, and OpenCode goes on without.
  const others = outsideHosts.filter((host) => host !== 'registry.npmjs.org:443');
  assert.deepEqual(others, [], 'OpenCode asked for hosts other than its model and the npm registry');
});
