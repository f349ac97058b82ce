/**
 * The MCP server: the SDK's low-level `Server` answering initialize (echoing the client's protocol
 * version, whatever it is), ping, tools/list and tools/call from the tool registry. Unknown methods get
 * -32601 from the SDK; an unknown tool or bad arguments get -32602, as the MCP specification asks.
 * After the handshake, while the client has not called yet, it warms the engine (see warmUp).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { LATEST_PROTOCOL_VERSION, type CallToolRequest, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import * as z from 'zod';
import { warmUp } from '../definitions/treeSitter.js';
import type { Progress } from '../search/shard.js';
import type { Project } from '../session/project.js';
import { answer } from '../tools/answer.js';
import { findTool, inputSchemaOf, InvalidArguments, parseArguments, TOOLS } from '../tools/registry.js';
import type { ToolCall } from '../tools/toolCall.js';
import { VERSION } from '../version.js';
import { INVALID_PARAMS } from './jsonRpc.js';

const SERVER_INFO = { name: 'zumba', version: VERSION };
/** What clients show the model about the server as a whole, on every task: one short paragraph. */
const INSTRUCTIONS =
  "This project's code as short answers with line numbers, from its syntax trees: outline a file before reading it, " +
  'and . (the project) to start a task; find_symbol and find_references rather than grep for where a name is defined ' +
  "or used; diagnostics for the editor's errors. Then read only the lines they name.";
/**
 * Claude Code defers an MCP tool behind its tool search, showing the model only its name, unless the
 * tool asks to be loaded: then the model sees what each is for (the four and the instructions: about 650 tokens).
 */
const TOOL_META = { 'anthropic/alwaysLoad': true };
/**
 * How long after the handshake the engine is warmed (see warmUp), when no call has come by then: a
 * client that calls at once has its call answered without waiting for the warm-up's work.
 */
const WARM_UP_AFTER_MS = 20;
const CAPABILITIES = { tools: {} };

/** An error whose code and message reach the client as they are (McpError would prefix the message). */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A request of `method` with any params. The SDK parses a request against the schema its handler is
 * registered with, and a failure there reaches the client as -32603, an internal error. So: initialize
 * checks its own params (a bad one is -32602); tools/list has none it uses; tools/call is checked by
 * the SDK's Server itself against CallToolRequestSchema, as -32602, before its handler runs.
 */
const anyParams = <Method extends string>(method: Method) => z.object({ method: z.literal(method), params: z.unknown().optional() });

function protocolVersionOf(params: unknown): string {
  if (params === undefined || params === null) return LATEST_PROTOCOL_VERSION;
  const version = (params as { protocolVersion?: unknown }).protocolVersion;
  if (version === undefined) return LATEST_PROTOCOL_VERSION;
  if (typeof version !== 'string') throw new RpcError(INVALID_PARAMS, 'protocolVersion must be a string');
  return version;
}

/**
 * The SDK validates what a client answers to a server's request for input against a JSON Schema, and
 * builds an Ajv instance for it at start-up unless given a validator. This server never asks for
 * input: its validator is not built, and would fail loudly if it ever were asked for.
 */
const NO_SCHEMA_VALIDATION: jsonSchemaValidator = {
  getValidator() {
    throw new Error('zumba never asks the client for input, so it validates no input schema');
  },
};

/**
 * A call whose params carry `_meta.progressToken` is told, while a search runs, how many of the
 * project's files it has looked at (MCP's notifications/progress). `sent` settles once every
 * notification has gone out: the answer follows them, since a client forgets a token once answered.
 */
function progressOf(params: CallToolRequest['params'], extra: RequestHandlerExtra<ServerRequest, ServerNotification>): { call: ToolCall; sent: () => Promise<unknown> } {
  const token = params._meta?.progressToken;
  if (token === undefined) return { call: {}, sent: () => Promise.resolve() };
  let sending: Promise<unknown> = Promise.resolve();
  const progress: Progress = (done, total) => {
    const notification = { method: 'notifications/progress' as const, params: { progressToken: token, progress: done, total, message: `${done} of ${total} files searched` } };
    // A client gone meanwhile will not read its answer either.
    sending = sending.then(() => extra.sendNotification(notification)).catch(() => {});
  };
  return { call: { progress }, sent: () => sending };
}

/** The tools as tools/list gives them. */
function listedTools() {
  return TOOLS.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: inputSchemaOf(tool),
    annotations: { readOnlyHint: true, openWorldHint: false },
    _meta: TOOL_META,
  }));
}

export function createServer(project: Project): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, jsonSchemaValidator: NO_SCHEMA_VALIDATION });

  server.setRequestHandler(anyParams('initialize'), (request) => ({
    protocolVersion: protocolVersionOf(request.params),
    capabilities: CAPABILITIES,
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  }));

  // The same list every time: built at the first tools/list, not at start-up nor at each request.
  let tools: ReturnType<typeof listedTools> | undefined;
  server.setRequestHandler(anyParams('tools/list'), () => ({ tools: (tools ??= listedTools()) }));

  let called = false;
  server.oninitialized = () => {
    setTimeout(() => {
      const lua = project.languages.of('warm-up.lua')?.grammar;
      if (!called && lua !== undefined) void warmUp(lua);
    }, WARM_UP_AFTER_MS).unref();
  };

  server.setRequestHandler(anyParams('tools/call'), async (request, extra) => {
    called = true;
    const params = request.params as CallToolRequest['params'];
    const tool = findTool(params.name);
    if (tool === undefined) throw new RpcError(INVALID_PARAMS, `Unknown tool: ${params.name}`);
    let args: Record<string, unknown>;
    try {
      args = parseArguments(tool, params.arguments);
    } catch (error) {
      if (error instanceof InvalidArguments) throw new RpcError(INVALID_PARAMS, error.message);
      throw error;
    }
    const progress = progressOf(params, extra);
    const result = await project.search.answering(() => answer(project, tool, args, progress.call));
    await progress.sent();
    return { content: [{ type: 'text' as const, text: result.text }], ...(result.isError && { isError: true }) };
  });

  return server;
}
