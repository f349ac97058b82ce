/**
 * The tool registry on a project, as the MCP server offers it (server.ts's ToolHost). The server
 * loads this module after its handshake: everything the tools need comes in with it.
 */
import { warmUp } from '../definitions/treeSitter.js';
import type { Project } from '../session/project.js';
import { answer } from '../tools/answer.js';
import { findTool, inputSchemaOf, InvalidArguments, parseArguments, TOOLS } from '../tools/registry.js';
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
      const tool = findTool(name);
      if (tool === undefined) throw new RpcError(INVALID_PARAMS, `Unknown tool: ${name}`);
      let checked: Record<string, unknown>;
      try {
        checked = parseArguments(tool, args);
      } catch (error) {
        if (error instanceof InvalidArguments) throw new RpcError(INVALID_PARAMS, error.message);
        throw error;
      }
      return project.search.answering(() => answer(project, tool, checked, progress === undefined ? {} : { progress }));
    },
    warmUp: () => {
      const lua = project.languages.of('warm-up.lua')?.grammar;
      if (lua !== undefined) void warmUp(lua);
    },
  };
}
