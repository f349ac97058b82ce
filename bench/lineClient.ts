/** A timed client for the benchmark: spawns the built server and sends JSON-RPC lines, one promise an id. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI = path.resolve(fileURLToPath(new URL('../bin/main.js', import.meta.url)));

export class LineClient {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting = new Map<number, (message: Record<string, unknown>) => void>();
  private buffered = '';
  private nextId = 1;

  constructor(args: readonly string[]) {
    this.child = spawn(process.execPath, [CLI, ...args]);
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

  request(method: string, params: unknown): Promise<Record<string, unknown>> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
  }

  initialize(): Promise<Record<string, unknown>> {
    return this.request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '0' } });
  }

  /** The tool's text; throws when the server answered with an error. */
  async callTool(name: string, args: Record<string, unknown>): Promise<string> {
    const response = await this.request('tools/call', { name, arguments: args });
    const result = response['result'] as { content: { text: string }[]; isError?: boolean } | undefined;
    if (result === undefined || result.isError) throw new Error(`${name} failed: ${JSON.stringify(response)}`);
    return result.content[0]!.text;
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.child.on('exit', () => resolve());
      this.child.stdin.end();
    });
  }
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}
