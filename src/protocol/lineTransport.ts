/**
 * MCP's stdio framing, done as the contract wants: one JSON-RPC message a line; a line that is not
 * JSON gets -32700 and one that is not a request -32600, and the server reads on; at end of input the
 * requests already read are answered before the transport closes, and it closes only once its output
 * is written out. (The SDK's StdioServerTransport drops bad lines silently and never notices the end
 * of its input.)
 *
 * The server sees each request under a key of the transport's; its answer goes out under the client's
 * id, written as the client wrote it. Two requests in flight with the same id thus stay apart, and an
 * id no double holds comes back unchanged.
 *
 * Memory stays bounded whatever the client does: a line longer than MAX_LINE_BYTES is answered with
 * -32600 and not kept, and while the client does not read its answers the transport reads no more.
 */
import type { Readable, Writable } from 'node:stream';
import { classify, PARSE_ERROR, tooLong, type Incoming, type Notification, type Params, type RequestId, type Response } from './jsonRpc.js';

const NEWLINE = 0x0a;
/** The longest line read: the size at which the SDK's own stdio transport gives up. */
export const MAX_LINE_BYTES = 10 * 1024 * 1024;
/** What is kept of a longer line, to find its id in. */
const KEPT_OF_LONG_LINE = 64 * 1024;
/** A line of JSON whitespace alone is no message, and gets no answer. */
const BLANK = /^[ \t\r]*$/;

/** A request as the server handles it: `key` is the transport's, for its answer. */
export interface Request {
  readonly key: number;
  readonly method: string;
  readonly params?: Params;
}

interface InFlight {
  /** The client's id as parsed (to match a cancellation) and as written (to answer with). */
  readonly id: RequestId;
  readonly idText: string;
}

export class LineTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onrequest?: (request: Request) => void;
  onnotification?: (notification: Notification) => void;

  /** Requests read and neither answered nor cancelled, by their key. */
  private readonly inFlight = new Map<number, InFlight>();
  private lastKey = 0;
  /** The current line's bytes so far. */
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  /** The start of a line over MAX_LINE_BYTES, while the rest of it is skipped. */
  private longLine: Buffer | undefined;
  private inputEnded = false;
  /** Input paused until the output drains. */
  private holding = false;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
  ) {}

  start(): void {
    this.input.on('data', (chunk: Buffer) => this.receive(chunk));
    this.input.on('end', () => this.endOfInput());
    this.input.on('error', (error) => this.fail(error));
    this.output.on('error', (error) => this.fail(error));
  }

  /** Answers a request, unless it was cancelled (MCP wants no answer then). */
  respond(key: number, response: Response): void {
    if (this.closing !== undefined) return;
    const request = this.inFlight.get(key);
    if (request === undefined) return;
    this.inFlight.delete(key);
    this.write(`{"jsonrpc":"2.0","id":${request.idText},${JSON.stringify(response).slice(1)}`);
    if (this.inputEnded && this.inFlight.size === 0) void this.close();
  }

  /** Whether a request still awaits its answer: neither answered nor cancelled. */
  awaitsAnswer(key: number): boolean {
    return this.inFlight.has(key);
  }

  notify(notification: Notification): void {
    if (this.closing === undefined) this.write(JSON.stringify({ jsonrpc: '2.0', ...notification }));
  }

  /** Reads no more, lets what was written reach the client, then reports the transport closed. */
  close(): Promise<void> {
    this.closing ??= this.finish();
    return this.closing;
  }

  private async finish(): Promise<void> {
    this.input.removeAllListeners('data');
    this.input.pause();
    await flushed(this.output);
    this.onclose?.();
  }

  private receive(chunk: Buffer): void {
    let start = 0;
    for (let newline = chunk.indexOf(NEWLINE); newline >= 0; newline = chunk.indexOf(NEWLINE, start)) {
      this.take(chunk.subarray(start, newline));
      this.endOfLine();
      start = newline + 1;
    }
    this.take(chunk.subarray(start));
  }

  /** Adds part of the current line; past the limit, only the line's start is kept. */
  private take(part: Buffer): void {
    if (this.longLine !== undefined || part.length === 0) return;
    this.pending.push(part);
    this.pendingBytes += part.length;
    if (this.pendingBytes <= MAX_LINE_BYTES) return;
    this.longLine = Buffer.concat(this.pending, KEPT_OF_LONG_LINE);
    this.pending = [];
    this.pendingBytes = 0;
  }

  private endOfLine(): void {
    if (this.longLine !== undefined) {
      const start = this.longLine.toString('utf8');
      this.longLine = undefined;
      this.handle(tooLong(start, MAX_LINE_BYTES));
      return;
    }
    const line = Buffer.concat(this.pending, this.pendingBytes).toString('utf8');
    this.pending = [];
    this.pendingBytes = 0;
    if (!BLANK.test(line)) this.handle(classify(line));
  }

  private handle(incoming: Incoming): void {
    switch (incoming.kind) {
      case 'invalid': {
        const error = { code: incoming.code, message: `${incoming.code === PARSE_ERROR ? 'Parse error' : 'Invalid request'}: ${incoming.reason}` };
        this.write(`{"jsonrpc":"2.0","id":${incoming.idText},"error":${JSON.stringify(error)}}`);
        return;
      }
      case 'response':
        return;
      case 'notification':
        if (incoming.message.method === 'notifications/cancelled') this.cancel(incoming.message);
        else this.onnotification?.(incoming.message);
        return;
      case 'request': {
        const key = ++this.lastKey;
        this.inFlight.set(key, { id: incoming.id, idText: incoming.idText });
        this.onrequest?.({ key, ...incoming.message });
      }
    }
  }

  /**
   * A cancelled request gets no answer (MCP), so it no longer holds up the exit at end of input. Its
   * work goes on, unheard; a cancellation of no request in flight is dropped.
   */
  private cancel(notification: Notification): void {
    const requestId = notification.params?.['requestId'];
    for (const [key, request] of this.inFlight) if (request.id === requestId) this.inFlight.delete(key);
  }

  private endOfInput(): void {
    if (this.closing !== undefined) return;
    this.endOfLine(); // A last line without its newline is a line all the same.
    this.inputEnded = true;
    if (this.inFlight.size === 0) void this.close();
  }

  private write(line: string): void {
    if (this.output.write(line + '\n') || this.holding) return;
    // The client reads its answers more slowly than it asks: read nothing more until they drain.
    this.holding = true;
    this.input.pause();
    this.output.once('drain', () => {
      this.holding = false;
      if (this.closing === undefined) this.input.resume();
    });
  }

  private fail(error: Error): void {
    this.onerror?.(error);
    void this.close();
  }
}

/** Resolves once everything written to `output` so far has left the process, or it has failed. */
function flushed(output: Writable): Promise<void> {
  return new Promise((resolve) => {
    if (output.writableLength === 0 || output.destroyed) resolve();
    else output.write('', () => resolve());
  });
}
