/**
 * The MCP server on a line transport: initialize (echoing the client's protocol version, whatever it
 * is), ping, tools/list and tools/call. An unknown method gets -32601; an unknown tool or bad
 * arguments get -32602, as the MCP specification asks; notifications get no answer.
 *
 * The tools come from a `ToolHost` loaded when first needed: initialize is answered with none of the
 * engine loaded, and the host starts to load once that answer is out, while the client gets ready to
 * list the tools. After the handshake, while the client has not called yet, the engine is warmed.
 */
import type { Progress } from '../search/shard.js';
import type { Answer } from '../tools/answer.js';
import { VERSION } from '../version.js';
import { INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, RpcError, type Params, type Response } from './jsonRpc.js';
import type { LineTransport, Request } from './lineTransport.js';

/** The version answered to a client that names none. */
const LATEST_PROTOCOL_VERSION = '2025-11-25';
const SERVER_INFO = { name: 'zumba', version: VERSION };
/** What clients show the model about the server as a whole, on every task: one short paragraph. */
const INSTRUCTIONS =
  "This project's code as short answers with line numbers, from its syntax trees: outline a file before reading it, " +
  'and . (the project) to start a task; find_symbol and find_references rather than grep for where a name is defined ' +
  "or used; diagnostics for the editor's errors. Then read only the lines they name.";
const CAPABILITIES = { tools: {} };
/**
 * How long after the handshake the engine is warmed (see ToolHost.warmUp), when no call has come by
 * then: a client that calls at once has its call answered without waiting for the warm-up's work.
 */
const WARM_UP_AFTER_MS = 20;

/** The tools as the server offers them (toolHost.ts). */
export interface ToolHost {
  /** The tools as tools/list gives them. */
  readonly listed: readonly unknown[];
  /** Runs a tool; an unknown tool or bad arguments throw an RpcError of INVALID_PARAMS. */
  call(name: string, args: unknown, progress: Progress | undefined): Promise<Answer>;
  /** Starts the project's search ahead of the first call (see ProjectSearch.start). */
  start(): void;
  warmUp(): void;
}

function protocolVersionOf(params: Params | undefined): string {
  const version = params?.['protocolVersion'];
  if (version === undefined) return LATEST_PROTOCOL_VERSION;
  if (typeof version !== 'string') throw new RpcError(INVALID_PARAMS, 'protocolVersion must be a string');
  return version;
}

/** A tools/call's name and arguments, as MCP shapes them. */
function toolCallOf(params: Params | undefined): { name: string; args: unknown } {
  const name = params?.['name'];
  if (typeof name !== 'string') throw new RpcError(INVALID_PARAMS, 'Invalid tools/call request: "name" must be a string');
  const args = params!['arguments'];
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) {
    throw new RpcError(INVALID_PARAMS, 'Invalid tools/call request: "arguments" must be an object');
  }
  return { name, args };
}

function errorResponse(error: unknown): Response {
  if (error instanceof RpcError) return { error: { code: error.code, message: error.message } };
  return { error: { code: INTERNAL_ERROR, message: error instanceof Error ? error.message : String(error) } };
}

export class McpServer {
  private called = false;
  private host: Promise<ToolHost> | undefined;

  constructor(
    private readonly transport: LineTransport,
    private readonly loadHost: () => Promise<ToolHost>,
  ) {
    transport.onrequest = (request) => this.handle(request);
    transport.onnotification = (notification) => {
      if (notification.method === 'notifications/initialized') this.initialized();
    };
  }

  /** The tool host, loading it on the first call. */
  tools(): Promise<ToolHost> {
    return (this.host ??= this.loadHost());
  }

  /** Answers at once what needs no tools (so a client's handshake never waits on their loading), the rest when done. */
  private handle(request: Request): void {
    const respond = (response: Response) => this.transport.respond(request.key, response);
    let result: unknown;
    try {
      result = this.resultOf(request);
    } catch (error) {
      respond(errorResponse(error));
      return;
    }
    if (result instanceof Promise) {
      result.then((value: unknown) => respond({ result: value }), (error: unknown) => respond(errorResponse(error)));
      return;
    }
    respond({ result });
    // The client lists the tools next: their host loads while it gets that request ready.
    if (request.method === 'initialize') setImmediate(() => void this.tools().catch(() => {}));
  }

  private resultOf({ key, method, params }: Request): unknown {
    switch (method) {
      case 'initialize':
        return { protocolVersion: protocolVersionOf(params), capabilities: CAPABILITIES, serverInfo: SERVER_INFO, instructions: INSTRUCTIONS };
      case 'ping':
        return {};
      case 'tools/list':
        return this.tools().then((host) => ({ tools: host.listed }));
      case 'tools/call':
        this.called = true;
        return this.toolCall(key, params);
      default:
        throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
    }
  }

  private async toolCall(key: number, params: Params | undefined): Promise<unknown> {
    const { name, args } = toolCallOf(params);
    const answer = await (await this.tools()).call(name, args, this.progressOf(key, params));
    return { content: [{ type: 'text', text: answer.text }], ...(answer.isError && { isError: true }) };
  }

  /**
   * A call whose params carry `_meta.progressToken` is told, while a search runs, how many of the
   * project's files it has looked at (MCP's notifications/progress), until it is answered or cancelled:
   * a client forgets a token then.
   */
  private progressOf(key: number, params: Params | undefined): Progress | undefined {
    const token = (params?.['_meta'] as { progressToken?: string | number } | undefined)?.progressToken;
    if (token === undefined) return undefined;
    return (done, total) => {
      if (!this.transport.awaitsAnswer(key)) return;
      this.transport.notify({ method: 'notifications/progress', params: { progressToken: token, progress: done, total, message: `${done} of ${total} files searched` } });
    };
  }

  private initialized(): void {
    setTimeout(() => {
      if (!this.called) void this.tools().then((host) => host.warmUp(), () => {});
    }, WARM_UP_AFTER_MS).unref();
  }
}
