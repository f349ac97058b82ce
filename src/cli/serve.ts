/**
 * `zumba mcp`: the server on stdin and stdout. It exits 0 when its input ends (after answering what it
 * had read) or on SIGTERM or SIGINT, and when the client goes away (stdout closed).
 */
import type { Project } from '../project/project.js';
import { LineTransport } from '../protocol/lineTransport.js';
import { createServer } from '../protocol/server.js';

export async function serve(project: Project): Promise<void> {
  const server = createServer(project);
  const transport = new LineTransport(process.stdin, process.stdout);
  const exit = () => process.exit(0);
  server.onclose = exit;
  server.onerror = () => {}; // Broken pipes and the like: the transport closes, and we exit.
  process.on('SIGTERM', exit);
  process.on('SIGINT', exit);
  await server.connect(transport);
  // The search workers boot on their own threads while the client initializes.
  project.search.start();
}
