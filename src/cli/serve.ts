/**
 * `zumba mcp`: the server on stdin and stdout. It exits 0 when its input ends (after answering what it
 * had read), on SIGTERM or SIGINT, and when the client goes away (stdout closed); in each case once
 * what it wrote has left, so that no answer is cut short (a signalled server waits STOP_GRACE_MS at
 * most, for a client that does not read).
 *
 * The project is opened, and the tools loaded, once initialize is answered (see server.ts). With
 * `sharing`, the project's calls go to the user's shared server (see sharedHost.ts).
 */
import { LineTransport } from '../protocol/lineTransport.js';
import { McpServer } from '../protocol/server.js';
import type { SharingSettings } from '../daemon/sharedHost.js';
import type { Project } from '../session/project.js';

/** How long a signalled server waits for a client that does not read what was already written. */
const STOP_GRACE_MS = 1000;
/**
 * How long after start-up the search workers start and begin to fill the index: the client's first
 * requests (initialize, tools/list) are answered before the walk takes the thread, and a first call
 * that needs no worker (an outline) has both cores. A search before then starts the workers itself.
 */
const INDEX_AFTER_MS = 300;

export function serve(openProject: () => Promise<Project>, sharing: SharingSettings | undefined): void {
  let project: Promise<Project> | undefined;
  const projectNow = () => (project ??= openProject());
  const transport = new LineTransport(process.stdin, process.stdout);
  const server = new McpServer(transport, async () => {
    try {
      const [opened, { toolHost }] = await Promise.all([projectNow(), import('../protocol/toolHost.js')]);
      const local = toolHost(opened);
      // Shared through the index's folder: none without an index.
      if (sharing === undefined || opened.index === undefined) return local;
      const { sharedHost } = await import('../daemon/sharedHost.js');
      return sharedHost(local, opened, sharing);
    } catch (error) {
      // Each call is answered with this error; stderr says it once.
      process.stderr.write(`zumba: ${error instanceof Error ? error.message : String(error)}\n`);
      throw error;
    }
  });
  // The search workers are stopped first, each after what it is doing: one ended by the process's
  // exit in the middle of an index write that fails (a full disk, another process holding the
  // lock) takes the whole process down with it (a V8 fatal error in SQLite's binding, SIGABRT).
  const exit = () => void Promise.resolve(project?.then((opened) => opened.search.close()))
    .catch(() => {})
    .finally(() => process.exit(0));
  transport.onclose = exit;
  transport.onerror = () => {}; // Broken pipes and the like: the transport closes, and we exit.
  const stop = () => {
    void transport.close(); // Requests in flight go unanswered; answers already written are let out.
    setTimeout(exit, STOP_GRACE_MS);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  transport.start();
  const startSearch = () => void server.tools().then((host) => host.start(), () => {});
  setTimeout(startSearch, INDEX_AFTER_MS).unref();
}
