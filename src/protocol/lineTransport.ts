/**
 * MCP's stdio framing, done as the contract wants: one JSON-RPC message a line; a line that is not
 * JSON gets -32700 and one that is not a request -32600, and the server reads on; at end of input the
 * requests already read are answered before the transport closes. (The SDK's StdioServerTransport
 * drops bad lines silently and never notices the end of its input.)
 */
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';
import { classify, PARSE_ERROR } from './jsonRpc.js';

const NEWLINE = 0x0a;

export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** Requests read and not yet answered, by id (a client may reuse an id while the first is pending). */
  private readonly unanswered = new Map<RequestId, number>();
  private pending: Buffer[] = [];
  private inputEnded = false;
  private closed = false;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', (chunk: Buffer) => this.receive(chunk));
    this.input.on('end', () => this.endOfInput());
    this.input.on('error', (error) => this.fail(error));
    this.output.on('error', (error) => this.fail(error));
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.closed) return;
    if ('id' in message && ('result' in message || 'error' in message)) this.answered(message.id as RequestId);
    await this.write(JSON.stringify(message) + '\n');
    if (this.inputEnded && this.unanswered.size === 0) await this.close();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.removeAllListeners('data');
    this.onclose?.();
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline >= 0; newline = chunk.indexOf(NEWLINE, start)) {
      this.pending.push(chunk.subarray(start, newline));
      const line = Buffer.concat(this.pending);
      this.pending = [];
      start = newline + 1;
      this.handleLine(line.toString('utf8'));
    }
    if (start < chunk.length) this.pending.push(chunk.subarray(start));
  }

  private handleLine(line: string): void {
    if (this.closed || line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      void this.send({ jsonrpc: '2.0', id: null, error: { code: PARSE_ERROR, message: 'Parse error: the line is not JSON' } } as unknown as JSONRPCMessage);
      return;
    }
    const incoming = classify(value);
    switch (incoming.kind) {
      case 'invalid':
        void this.send({ jsonrpc: '2.0', id: incoming.id, error: { code: incoming.code, message: `Invalid request: ${incoming.reason}` } } as unknown as JSONRPCMessage);
        return;
      case 'response':
        return;
      case 'notification':
        if (incoming.message.method === 'notifications/cancelled') this.forgetCancelled(incoming.message.params);
        this.onmessage?.(incoming.message);
        return;
      case 'request':
        this.unanswered.set(incoming.message.id, (this.unanswered.get(incoming.message.id) ?? 0) + 1);
        this.onmessage?.(incoming.message);
    }
  }

  /** A cancelled request gets no answer (MCP), so it must not hold up the exit at end of input. */
  private forgetCancelled(params: unknown): void {
    const requestId = (params as { requestId?: unknown } | undefined)?.requestId;
    if (typeof requestId === 'string' || typeof requestId === 'number') this.answered(requestId);
  }

  private answered(id: RequestId): void {
    const count = this.unanswered.get(id);
    if (count === undefined) return;
    if (count <= 1) this.unanswered.delete(id);
    else this.unanswered.set(id, count - 1);
  }

  private endOfInput(): void {
    if (this.pending.length > 0) {
      const last = Buffer.concat(this.pending);
      this.pending = [];
      this.handleLine(last.toString('utf8'));
    }
    this.inputEnded = true;
    if (this.unanswered.size === 0) void this.close();
  }

  private write(text: string): Promise<void> {
    return new Promise((resolve) => {
      this.output.write(text, (error) => {
        if (error) this.fail(error);
        resolve();
      });
    });
  }

  private fail(error: Error): void {
    this.onerror?.(error);
    void this.close();
  }
}
