/**
 * The MCP server: the SDK's low-level `Server` answering initialize (echoing the client's protocol
 * version, whatever it is), ping, tools/list and tools/call from the tool registry. Unknown methods get
 * -32601 from the SDK; an unknown tool or bad arguments get -32602, as the MCP specification asks.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { CallToolRequestSchema, LATEST_PROTOCOL_VERSION, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Project } from '../project/project.js';
import { answer } from '../tools/answer.js';
import { findTool, inputSchemaOf, InvalidArguments, parseArguments, TOOLS } from '../tools/registry.js';
import { VERSION } from '../version.js';
import { INVALID_PARAMS } from './jsonRpc.js';

const SERVER_INFO = { name: 'zumba', version: VERSION };
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

/** Any params at all: initialize checks its own, so that a bad one is -32602 and not a parse failure. */
const InitializeRequest = z.object({ method: z.literal('initialize'), params: z.unknown().optional() });

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

export function createServer(project: Project): Server {
  const server = new Server(SERVER_INFO, { capabilities: CAPABILITIES, jsonSchemaValidator: NO_SCHEMA_VALIDATION });

  server.setRequestHandler(InitializeRequest, (request) => ({
    protocolVersion: protocolVersionOf(request.params),
    capabilities: CAPABILITIES,
    serverInfo: SERVER_INFO,
  }));

  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputSchemaOf(tool),
      annotations: { readOnlyHint: true, openWorldHint: false },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = findTool(request.params.name);
    if (tool === undefined) throw new RpcError(INVALID_PARAMS, `Unknown tool: ${request.params.name}`);
    let args: Record<string, unknown>;
    try {
      args = parseArguments(tool, request.params.arguments);
    } catch (error) {
      if (error instanceof InvalidArguments) throw new RpcError(INVALID_PARAMS, error.message);
      throw error;
    }
    const result = await answer(project, tool, args);
    return { content: [{ type: 'text' as const, text: result.text }], ...(result.isError && { isError: true }) };
  });

  return server;
}
