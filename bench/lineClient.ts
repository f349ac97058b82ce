/** A timed client for the benchmark: spawns the built server and sends JSON-RPC lines, one promise an id. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = path.resolve(fileURLToPath(new URL('../bin/main.js', import.meta.url)));
/** How long after the handshake an agent's first call comes, at the least: its model's turn. */
export const AGENT_PAUSE_MS = 1000;

const STDERR_KEPT = 8192;

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export class LineClient {
  /** Settles when the server has exited, however it ended. */
  readonly exited: Promise<Exit>;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (message: Record<string, unknown>) => void>();
  private buffered = '';
  private nextId = 1;
  private stderr = '';

  /**
   * The server run with these arguments; with a `wrapper`, as the arguments of that command
   * (`unshare …`, say). Alone (`ZUMBA_ALONE=1`) unless `shared`: a row of one server measures that
   * server, not a shared server that others started (manyServers.ts holds the two side by side).
   */
  constructor(args: readonly string[], wrapper: readonly string[] = [], { shared = false } = {}) {
    const command = [...wrapper, process.execPath, CLI, ...args];
    this.child = spawn(command[0]!, command.slice(1), { env: { ...process.env, ZUMBA_ALONE: shared ? '' : '1' } });
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
    // Read, so that a server writing to stderr never blocks on a full pipe; the tail is kept to report.
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => {
      this.stderr = (this.stderr + chunk).slice(-STDERR_KEPT);
    });
    // A write to a server that has exited fails here; `exited` is how that is seen.
    this.child.stdin.on('error', () => {});
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const lines = (this.buffered + chunk).split('\n');
      this.buffered = lines.pop()!;
      for (const line of lines) {
        const message = JSON.parse(line) as Record<string, unknown>;
        this.waiting.get(message['id'] as number)?.(message);
        this.waiting.delete(message['id'] as number);
      }
    });
  }

  get pid(): number {
    return this.child.pid!;
  }

  /** The last few KB the server wrote to stderr. */
  stderrTail(): string {
    return this.stderr;
  }

  request(method: string, params: unknown): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  }

  /** The handshake, as an MCP client makes it: the request, then, once answered, the `initialized` notification. */
  async initialize(): Promise<Record<string, unknown>> {
    const answer = await this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } });
    this.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
    return answer;
  }

  /** The tool's text; throws when the server answered with an error. */
  async callTool(name: string, args: Record<string, unknown>): Promise<string> {
    const response = await this.request('tools/call', { name, arguments: args });
    const result = response['result'] as { content: { text: string }[]; isError?: boolean } | undefined;
    if (result === undefined || result.isError) throw new Error(`${name} failed: ${JSON.stringify(response)}`);
    return result.content[0]!.text;
  }

  /** Ends the server's input, and settles once it has exited. */
  async close(): Promise<void> {
    this.child.stdin.end();
    await this.exited;
  }

  kill(): void {
    this.child.kill('SIGKILL');
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}
