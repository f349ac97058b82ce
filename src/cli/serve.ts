/**
 * `zumba mcp`: the server on stdin and stdout. It exits 0 when its input ends (after answering what it
 * had read), on SIGTERM or SIGINT, and when the client goes away (stdout closed); in each case once
 * what it wrote has left, so that no answer is cut short (a signalled server waits STOP_GRACE_MS at
 * most, for a client that does not read).
 */
import type { Project } from '../session/project.js';
import { LineTransport } from '../protocol/lineTransport.js';
import { createServer } from '../protocol/server.js';

/** How long a signalled server waits for a client that does not read what was already written. */
const STOP_GRACE_MS = 1000;
/**
 * How long after start-up the search workers start and begin to fill the index: the client's first
 * requests (initialize, tools/list) are answered before the walk takes the thread, and a first call
 * that needs no worker (an outline) has both cores. A search before then starts the workers itself.
 */
const INDEX_AFTER_MS = 300;

export async function serve(project: Project): Promise<void> {
  const server = createServer(project);
  const transport = new LineTransport(process.stdin, process.stdout);
  // The search workers are stopped first, each after what it is doing: one ended by the process's
  // exit in the middle of an index write that fails (a full disk, another process holding the
  // lock) takes the whole process down with it (a V8 fatal error in SQLite's binding, SIGABRT).
  const exit = () => void project.search.close().finally(() => process.exit(0));
  server.onclose = exit;
  server.onerror = () => {}; // Broken pipes and the like: the transport closes, and we exit.
  const stop = () => {
    void server.close(); // Requests in flight go unanswered; answers already written are let out.
    setTimeout(exit, STOP_GRACE_MS);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  await server.connect(transport);
  setTimeout(() => project.search.start(), INDEX_AFTER_MS).unref();
}
