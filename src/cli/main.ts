/**
 * The `zumba` command: `mcp` starts the server; the one-shot commands print exactly what the tool of
 * the same name returns. Exit codes: 0 answered, 1 the tool could not answer, 2 bad usage.
 *
 * Each command imports what it runs when it runs: a process loads only its own command's code, and
 * the server answers its client's first request sooner (see docs/server.md).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CacheOptions } from '../index/index.js';
import type { RemoteSettings } from '../remote/remoteSettings.js';
import type { Project, ProjectOptions } from '../session/project.js';
import { ProjectError, projectFolder } from '../session/projectFolder.js';
import type { MapArguments } from '../tools/folderMap.js';
import { VERSION } from '../version.js';
import { UsageError } from './usageError.js';

const USAGE = `Usage:
  zumba mcp <project> [--diagnostics <file>] [--queries DIR] [--no-watch] [--alone]
                                                    MCP server over stdio; --no-watch: check every
                                                    file at each call rather than watch the folders;
                                                    --alone: not through the user's shared server
                                                    (zumba daemon, which mcp starts), nor with
                                                    ZUMBA_ALONE=1
  zumba outline [--project DIR] [--ranges | --json] [--snapshot FILE [--update]] <file|glob>...
                                                    a file's declarations, indented by nesting;
                                                    --ranges: each with its last line (12-40);
                                                    --snapshot: the diff from FILE, exit 1 if any
                                                    (--update rewrites FILE)
  zumba outline [--project DIR] [--budget N] [--focus NAME|PATH]... [--ranges | --json] <folder>
                                                    a map of the folder (. for the project): its
                                                    files, most used first, with their most used
                                                    definitions, in N tokens (default 2048)
  zumba find-symbol [--project DIR] [--body | --json] <name>
                                                    where a name is defined; --body: with the
                                                    source of the first 10
  zumba find-references [--project DIR] [--path GLOBS] [--enclosing] [--json] <name>
                                                    lines using a name as a whole word;
                                                    --enclosing: under the definition holding each
  zumba diagnostics [--project DIR] --diagnostics FILE [path]
                                                    the editor's errors and warnings
  zumba languages [--queries DIR] [language...]     each language (or those named), its engine,
                                                    file types and the kinds it lists; their queries
                                                    compiled, problems on stderr (exit 1)
  zumba tree [--project DIR] <file>                 a file's syntax tree, to write a query against
  zumba test [--update] [DIR...]                    runs the golden cases of query packs (DIR/grammars/,
                                                    DIR/queries/, DIR/test/fixtures/outline/<language>/);
                                                    without DIR, this package's; --update rewrites
                                                    the expectations of failing cases
  zumba index [--project DIR] [--push]              brings the whole project into the index now;
                                                    --push: then puts it in the remote cache, for
                                                    the commit checked out (a git repository's)
  zumba cache [clear]                               where the index is and its size; or empty it
  zumba daemon --cache-dir DIR                      the shared server, which mcp starts
  zumba --version | --help

--project defaults to the current folder. Paths are relative to the project.
--json prints every result (not only the first, as the text does) as a JSON line.
--queries DIR (any command, repeatable) adds or overrides languages from a folder laid out like
this package's grammars/languages.json + queries/<language>/outline.scm.
--cache-dir DIR (any command) keeps the index there instead of $ZUMBA_CACHE_DIR,
$XDG_CACHE_HOME/zumba or ~/.cache/zumba; --no-cache uses no index on disk.
--remote-cache URL (a command on a project) reads, where the local index knows nothing of the
project, what zumba index --push put at an HTTP(S) URL; $ZUMBA_REMOTE_CACHE names one too.`;

const QUERIES_OPTION = { queries: { type: 'string', multiple: true } } as const;
const CACHE_OPTIONS = { 'cache-dir': { type: 'string' }, 'no-cache': { type: 'boolean' } } as const;
const REMOTE_OPTION = { 'remote-cache': { type: 'string' } } as const;
const PROJECT_OPTION = { project: { type: 'string' }, ...QUERIES_OPTION, ...CACHE_OPTIONS, ...REMOTE_OPTION } as const;
const JSON_OPTION = { json: { type: 'boolean' } } as const;

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Readonly<Record<string, Command>> = {
  mcp: async (argv) => {
    const { positionals, values } = parse(argv, { diagnostics: { type: 'string' }, 'no-watch': { type: 'boolean' }, alone: { type: 'boolean' }, ...QUERIES_OPTION, ...CACHE_OPTIONS, ...REMOTE_OPTION });
    if (positionals.length !== 1) throw new UsageError('mcp takes exactly one project folder');
    const folder = positionals[0]!;
    projectFolder(folder); // A wrong folder is said before anything else loads.
    const options = { diagnosticsFile: values['diagnostics'] as string | undefined, languageRoots: queryRoots(values), ...cacheOptions(values), ...(await remoteOption(values)), fillWhenIdle: true, watch: values['no-watch'] !== true };
    const open = () => opened(folder, options);
    // The package's own languages load after the handshake; a user's are checked first, so that a
    // mistake in them is an exit 2 rather than a server that fails once connected.
    const project = options.languageRoots.length > 0 ? await open() : undefined;
    const { serve } = await import('./serve.js');
    serve(project === undefined ? open : async () => project, alone(values, options) ? undefined : { watch: options.watch, daemonCommand });
    return 0;
  },
  daemon: async (argv) => {
    const { positionals, values } = parse(argv, { 'cache-dir': { type: 'string' } });
    const cacheDir = values['cache-dir'] as string | undefined;
    if (positionals.length > 0 || cacheDir === undefined) throw new UsageError('daemon takes --cache-dir DIR, and nothing else (zumba mcp starts it)');
    const { runDaemon } = await import('../daemon/daemon.js');
    await runDaemon(cacheDir);
    return 0;
  },
  test: async (argv) => {
    const { positionals, values } = parse(argv, { update: { type: 'boolean' }, ...CACHE_OPTIONS });
    const { testCommand } = await import('./testCommand.js');
    return testCommand(positionals, values['update'] === true, cacheOptions(values));
  },
  index: async (argv) => {
    const { positionals, values } = parse(argv, { ...PROJECT_OPTION, push: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError('index takes no arguments (--project DIR names the folder)');
    if (values['no-cache'] === true) throw new UsageError('index fills the index on disk: not with --no-cache');
    const project = await projectOf(values);
    if (values['push'] === true && project.remote === undefined) throw new UsageError('index --push needs a remote cache: --remote-cache URL or ZUMBA_REMOTE_CACHE');
    const { indexCommand } = await import('./indexCommands.js');
    return indexCommand(project, values['push'] === true);
  },
  cache: async (argv) => {
    const { positionals, values } = parse(argv, CACHE_OPTIONS);
    if (positionals.length > 1 || (positionals.length === 1 && positionals[0] !== 'clear')) throw new UsageError('cache takes nothing, or clear');
    const { cacheCommand } = await import('./indexCommands.js');
    return cacheCommand(cacheOptions(values), positionals[0] === 'clear');
  },
  outline: async (argv) => {
    const { positionals, values } = parse(argv, {
      ...PROJECT_OPTION,
      ranges: { type: 'boolean' },
      ...JSON_OPTION,
      snapshot: { type: 'string' },
      update: { type: 'boolean' },
      budget: { type: 'string' },
      focus: { type: 'string', multiple: true },
    });
    if (positionals.length === 0) throw new UsageError('outline needs at least one file, glob or folder');
    if (values['ranges'] === true && values['json'] === true) throw new UsageError('outline takes --ranges or --json, not both (JSON lines hold the ranges)');
    const project = await projectOf(values);
    const mapOptions = values['budget'] !== undefined || values['focus'] !== undefined;
    const [{ isFolder }, { findTool }, { checkedArguments }] = await Promise.all([import('../tools/folderMap.js'), import('../tools/registry.js'), import('./runTool.js')]);
    if (positionals.length === 1 && values['snapshot'] === undefined && isFolder(project, positionals[0]!)) {
      const args = checkedArguments(findTool('outline')!, {
        path: positionals[0],
        ...(values['budget'] !== undefined && { budget: Number(values['budget']) }),
        ...(values['focus'] !== undefined && { focus: values['focus'] }),
      }) as unknown as MapArguments;
      const { mapCommand } = await import('./mapCommand.js');
      return mapCommand(project, args, values['json'] === true ? 'json' : values['ranges'] === true ? 'ranges' : 'text');
    }
    if (mapOptions) throw new UsageError('--budget and --focus are for the map of one folder');
    const snapshotFile = values['snapshot'] as string | undefined;
    if (values['update'] === true && snapshotFile === undefined) throw new UsageError('outline --update rewrites a snapshot: it needs --snapshot FILE');
    const format = values['json'] === true ? 'json' : values['ranges'] === true ? 'ranges' : 'text';
    const { outlineCommand } = await import('./outlineCommand.js');
    return outlineCommand(project, positionals, format, snapshotFile === undefined ? undefined : { file: snapshotFile, update: values['update'] === true });
  },
  'find-symbol': async (argv) => {
    const { positionals, values } = parse(argv, { ...PROJECT_OPTION, body: { type: 'boolean' }, ...JSON_OPTION });
    if (positionals.length !== 1) throw new UsageError('find-symbol takes exactly one name');
    if (values['body'] === true && values['json'] === true) throw new UsageError('find-symbol takes --body or --json, not both');
    const args = { name: positionals[0], ...(values['body'] === true && { body: true }) };
    const project = await projectOf(values);
    if (values['json'] === true) return (await import('./searchJson.js')).findSymbolJson(project, args);
    return runNamedTool(project, 'find_symbol', args);
  },
  'find-references': async (argv) => {
    const { positionals, values } = parse(argv, { ...PROJECT_OPTION, path: { type: 'string' }, enclosing: { type: 'boolean' }, ...JSON_OPTION });
    if (positionals.length !== 1) throw new UsageError('find-references takes exactly one name');
    const args = { name: positionals[0], path: values['path'], ...(values['enclosing'] === true && { enclosing: true }) };
    const project = await projectOf(values);
    if (values['json'] === true) return (await import('./searchJson.js')).findReferencesJson(project, args);
    return runNamedTool(project, 'find_references', args);
  },
  diagnostics: async (argv) => {
    const { positionals, values } = parse(argv, { ...PROJECT_OPTION, diagnostics: { type: 'string' } });
    if (values['diagnostics'] === undefined) throw new UsageError('diagnostics needs --diagnostics FILE');
    if (positionals.length > 1) throw new UsageError('diagnostics takes at most one path');
    const project = await projectOf(values, values['diagnostics'] as string);
    return runNamedTool(project, 'diagnostics', { path: positionals[0] });
  },
  languages: async (argv) => {
    const { positionals, values } = parse(argv, { ...QUERIES_OPTION, ...CACHE_OPTIONS });
    const [{ loadLanguages }, { languagesReport }] = await Promise.all([import('../definitions/manifest.js'), import('./languageCommands.js')]);
    const languages = loadLanguages(queryRoots(values));
    const unknown = positionals.filter((name) => !languages.all.some((language) => language.name === name));
    if (unknown.length > 0) throw new UsageError(`no language named ${unknown.join(', ')} (zumba languages lists them all)`);
    const { table, problems } = await languagesReport(languages, positionals);
    process.stdout.write(table + '\n');
    for (const problem of problems) process.stderr.write(`${problem}\n`);
    return problems.length === 0 ? 0 : 1;
  },
  tree: async (argv) => {
    const { positionals, values } = parse(argv, PROJECT_OPTION);
    if (positionals.length !== 1) throw new UsageError('tree takes exactly one file');
    const project = await projectOf(values);
    const [{ treeOf }, { isRefusal }] = await Promise.all([import('./languageCommands.js'), import('../tools/toolError.js')]);
    try {
      process.stdout.write((await treeOf(project, positionals[0]!)) + '\n');
      return 0;
    } catch (error) {
      if (!isRefusal(error)) throw error;
      process.stderr.write(error.message + '\n');
      return 1;
    }
  },
};

function parse(argv: string[], options: NonNullable<ParseArgsConfig['options']>) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Whether a server answers alone rather than through the user's shared server: asked to (`--alone`,
 * `ZUMBA_ALONE=1`), or with languages of the user's, whose files a shared server loaded once might
 * no longer be.
 */
function alone(values: Record<string, unknown>, options: ProjectOptions): boolean {
  return values['alone'] === true || process.env['ZUMBA_ALONE'] === '1' || (options.languageRoots?.length ?? 0) > 0;
}

/** The shared server's command: this very program, as this process runs it. */
function daemonCommand(cacheFolder: string): readonly string[] {
  return [process.execPath, process.argv[1]!, 'daemon', '--cache-dir', cacheFolder];
}

/** `--queries DIR`, as often as given: folders laid out like `grammars/` + `queries/`, later ones winning. */
function queryRoots(values: Record<string, unknown>): string[] {
  return (values['queries'] as string[] | undefined) ?? [];
}

/** `--cache-dir DIR` and `--no-cache`, on every command. */
function cacheOptions(values: Record<string, unknown>): CacheOptions {
  const cacheDir = values['cache-dir'] as string | undefined;
  return { ...(cacheDir !== undefined && { cacheDir }), noCache: values['no-cache'] === true };
}

/** `--remote-cache URL`, else `$ZUMBA_REMOTE_CACHE`; none with --no-cache (whose answers are made from nothing kept). */
async function remoteOption(values: Record<string, unknown>): Promise<{ remote?: RemoteSettings }> {
  const flag = values['remote-cache'] as string | undefined;
  if (values['no-cache'] === true) {
    if (flag !== undefined) throw new UsageError('--remote-cache fills the local index: not with --no-cache');
    return {};
  }
  const [{ remoteSettings }, { RemoteError }] = await Promise.all([import('../remote/remoteSettings.js'), import('../remote/http.js')]);
  try {
    const remote = remoteSettings(flag);
    return remote === undefined ? {} : { remote };
  } catch (error) {
    if (error instanceof RemoteError || error instanceof RangeError) throw new UsageError(error.message);
    throw error;
  }
}

async function opened(folder: string, options: ProjectOptions): Promise<Project> {
  const { openProject } = await import('../session/project.js');
  return openProject(folder, options);
}

async function projectOf(values: Record<string, unknown>, diagnosticsFile?: string): Promise<Project> {
  return opened((values['project'] as string | undefined) ?? process.cwd(), { diagnosticsFile, languageRoots: queryRoots(values), ...cacheOptions(values), ...(await remoteOption(values)) });
}

/** A one-shot command that is one tool's call. */
async function runNamedTool(project: Project, toolName: string, args: Record<string, unknown>): Promise<number> {
  const [{ findTool }, { runTool }] = await Promise.all([import('../tools/registry.js'), import('./runTool.js')]);
  return runTool(project, findTool(toolName)!, args);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'mcp') endQuietlyWhenReaderLeaves(); // The server has its own way (lineTransport.ts).
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${VERSION}\n`);
    return 0;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const run = command === undefined ? undefined : COMMANDS[command];
  if (run === undefined) throw new UsageError(command === undefined ? 'no command given' : `unknown command: ${command}`);
  return run(rest);
}

/**
 * A command whose reader goes away (`zumba tree x.c | head -1`) stops there, exit 0 and nothing on
 * stderr, as a shell's own tools do: what it would still print has nobody to read it.
 */
function endQuietlyWhenReaderLeaves(): void {
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(0);
    });
  }
}

// Under a file-size limit, a write past it would kill the process; heard, the write fails instead
// (EFBIG), and the index, the only thing zumba writes, takes that as a full disk.
process.on('SIGXFSZ', () => {});

/** Says what went wrong on stderr; the exit code: 2 for a mistake in the command, 1 for anything else. */
async function failed(error: unknown): Promise<number> {
  if (error instanceof UsageError) {
    process.stderr.write(`zumba: ${error.message}\n${USAGE}\n`);
    return 2;
  }
  // Loaded already where such an error came from.
  const [{ ManifestError }, { isRefusal }] = await Promise.all([import('../definitions/manifest.js'), import('../tools/toolError.js')]);
  if (error instanceof ProjectError || error instanceof ManifestError) {
    process.stderr.write(`zumba: ${error.message}\n`);
    return 2;
  }
  if (isRefusal(error)) {
    // A tool's refusal met outside a tool call (a glob `zumba outline` could not expand): exit 1, as a tool's.
    process.stderr.write(`${error.message}\n`);
    return 1;
  }
  process.stderr.write(`zumba: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  async (error: unknown) => {
    process.exitCode = await failed(error);
  },
);
