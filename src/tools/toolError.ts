/**
 * The one way a tool says it cannot answer: the message reaches the agent as text with
 * `isError: true` (MCP) or on stderr with exit code 1 (CLI). Anything else thrown is a bug.
 */
export class ToolError extends Error {
  override name = 'ToolError';
}
