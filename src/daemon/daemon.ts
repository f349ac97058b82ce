/**
 * The shared server (`zumba daemon`): one a user and build, started by the first `zumba mcp` that
 * finds none, answering the project calls of every server connected to it. Each project (a folder
 * with its settings) is opened once and kept while some server uses it and LINGER_MS after, so that
 * a second server on it, or on a new worktree of the same repository, finds its work done. It ends
 * LINGER_MS after its last server has gone.
 *
 * Its answers are a lone server's: the same project code answers them (toolHost.ts). Its projects'
 * searches share one pool of workers, so that a new worktree's shards take what the workers know of
 * the repository's other worktrees (see SharedPools).
 */
import { lstatSync, rmSync, chmodSync } from 'node:fs';
import net, { type Server, type Socket } from 'node:net';
import { loadLanguages } from '../definitions/manifest.js';
import { INTERNAL_ERROR, RpcError } from '../protocol/jsonRpc.js';
import { toolHost } from '../protocol/toolHost.js';
import type { ToolHost } from '../protocol/server.js';
import { SharedPools } from '../search/projectSearch.js';
import { openProject, type Project } from '../session/project.js';
import { buildKey, checkSocket, daemonPlace } from './daemonPlace.js';
import { millisecondsFromEnv } from './durations.js';
import { readMessages, sendMessage, type FromDaemon, type SharedProject, type ToDaemon } from './messages.js';

/** How long a project, and the daemon, outlive their last server: a server started again meanwhile finds them warm. */
const DEFAULT_LINGER_MS = 30_000;

interface Held {
  readonly opened: Promise<{ readonly project: Project; readonly host: ToolHost }>;
  /** The connections that asked of it. */
  readonly users: Set<Socket>;
  lingering: NodeJS.Timeout | undefined;
}

export async function runDaemon(cacheFolder: string, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const languages = loadLanguages();
  const build = buildKey(languages);
  const { socket: socketPath } = daemonPlace(cacheFolder, build);
  const lingerMs = millisecondsFromEnv(env, 'ZUMBA_DAEMON_LINGER_MS', DEFAULT_LINGER_MS);
  const projects = new Map<string, Held>();
  const pools = new SharedPools();
  const connections = new Set<Socket>();
  let ending: NodeJS.Timeout | undefined;

  const server = net.createServer((connection) => {
    connections.add(connection);
    clearTimeout(ending);
    connection.on('error', () => {}); // A server gone mid-write: its close follows.
    connection.on('close', () => {
      connections.delete(connection);
      for (const [key, held] of projects) if (held.users.delete(connection) && held.users.size === 0) linger(key, held);
      if (connections.size === 0) ending = setTimeout(end, lingerMs);
    });
    readMessages<ToDaemon>(connection, (message) => void handle(connection, message));
  });

  const handle = async (connection: Socket, message: ToDaemon): Promise<void> => {
    const reply = (answer: FromDaemon) => sendMessage(connection, answer);
    if ('hello' in message) return reply({ hello: { build } });
    if ('ping' in message) return reply({ pong: message.ping });
    try {
      if ('open' in message) {
        const { project } = await use(message.open, connection);
        project.search.start();
        return reply({ id: message.id, opened: true });
      }
      const { project, tool, arguments: args, progress } = message.call;
      const { host } = await use(project, connection);
      const told = progress ? (done: number, total: number) => reply({ id: message.id, progress: [done, total] }) : undefined;
      reply({ id: message.id, answer: await host.call(tool, args, told) });
    } catch (error) {
      const code = error instanceof RpcError ? error.code : INTERNAL_ERROR;
      reply({ id: message.id, error: { code, message: error instanceof Error ? error.message : String(error) } });
    }
  };

  const use = (shared: SharedProject, connection: Socket) => {
    const key = JSON.stringify([shared.folder, shared.cacheDir, shared.remote ?? null, shared.watch]);
    let held = projects.get(key);
    if (held === undefined) {
      const opened = (async () => {
        const project = openProject(shared.folder, { cacheDir: shared.cacheDir, ...(shared.remote !== undefined && { remote: shared.remote }), fillWhenIdle: true, watch: shared.watch, pools });
        return { project, host: toolHost(project) };
      })();
      held = { opened, users: new Set(), lingering: undefined };
      projects.set(key, held);
      opened.catch(() => projects.delete(key)); // Asked again, it is opened again (and says why it cannot be).
    }
    clearTimeout(held.lingering);
    held.users.add(connection);
    return held.opened;
  };

  const linger = (key: string, held: Held) => {
    held.lingering = setTimeout(() => {
      projects.delete(key);
      void held.opened.then(({ project }) => project.search.close(), () => {});
    }, lingerMs);
  };

  const end = () => {
    server.close();
    // Only its own socket: another daemon may have taken the path since (see `listen`).
    if (listening !== undefined && lstatSync(socketPath, { throwIfNoEntry: false })?.ino === listening) rmSync(socketPath, { force: true });
    void Promise.allSettled([...projects.values()].map((held) => held.opened.then(({ project }) => project.search.close())))
      .then(() => pools.close())
      .finally(() => process.exit(0));
  };

  const listening = await listen(server, socketPath);
  if (listening === undefined) return; // Another daemon answers there.
  ending = setTimeout(end, lingerMs); // The server that started it may have gone before it listened.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, end);
}

/**
 * Listens on the socket; undefined where another daemon of this build already does. A socket left
 * by a daemon that died (nothing answers on it) is removed first; anything there that is not this
 * user's socket is an error (see `checkSocket`). Returns the socket's inode.
 */
async function listen(server: Server, socketPath: string): Promise<number | undefined> {
  for (let attempt = 0; ; attempt++) {
    checkSocket(socketPath);
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(socketPath, () => {
        server.off('error', resolve);
        resolve(undefined);
      });
    });
    if (error === undefined) {
      chmodSync(socketPath, 0o600);
      return lstatSync(socketPath).ino;
    }
    if (error.code !== 'EADDRINUSE' || attempt > 0) throw error;
    if (await answers(socketPath)) return undefined;
    rmSync(socketPath, { force: true });
  }
}

/** Whether something listens on the socket. */
function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect(socketPath);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}
