/**
 * The tool registry on a project, as the MCP server offers it (server.ts's ToolHost). The server
 * loads this module after its handshake: everything the tools need comes in with it.
 */
import { warmUp } from '../definitions/treeSitter.js';
import type { Project } from '../session/project.js';
import { answer } from '../tools/answer.js';
import { findTool, inputSchemaOf, InvalidArguments, parseArguments, TOOLS, type Tool } from '../tools/registry.js';
import { INVALID_PARAMS, RpcError } from './jsonRpc.js';
import type { ToolHost } from './server.js';

/**
 * Claude Code defers an MCP tool behind its tool search, showing the model only its name, unless the
 * tool asks to be loaded: then the model sees what each is for (the four and the instructions: about 650 tokens).
 */
const TOOL_META = { 'anthropic/alwaysLoad': true };

export function toolHost(project: Project): ToolHost {
  return {
    listed: TOOLS.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: inputSchemaOf(tool),
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: TOOL_META,
    })),
    call: (name, args, progress) => {
      const { tool, checked } = checkedCall(name, args);
      return project.search.answering(() => answer(project, tool, checked, progress === undefined ? {} : { progress }));
    },
    start: () => project.search.start(),
    warmUp: () => {
      const lua = project.languages.of('warm-up.lua')?.grammar;
      if (lua !== undefined) void warmUp(lua);
    },
  };
}

/** The tool a call names and its arguments checked; an unknown tool or bad arguments throw an RpcError of INVALID_PARAMS. */
export function checkedCall(name: string, args: unknown): { readonly tool: Tool; readonly checked: Record<string, unknown> } {
  const tool = findTool(name);
  if (tool === undefined) throw new RpcError(INVALID_PARAMS, `Unknown tool: ${name}`);
  try {
    return { tool, checked: parseArguments(tool, args) };
  } catch (error) {
    if (error instanceof InvalidArguments) throw new RpcError(INVALID_PARAMS, error.message);
    throw error;
  }
}
