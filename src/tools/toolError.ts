/**
 * How a tool says it cannot answer: a ToolError, or a path or glob argument its layer refused. The
 * message reaches the agent as text with `isError: true` (MCP) or on stderr with exit code 1 (CLI).
 * Anything else thrown is a bug.
 */
import { GlobError } from '../project/pathFilter.js';
import { PathError } from '../project/paths.js';

export class ToolError extends Error {
  override name = 'ToolError';
}

/** Whether an error is a refusal to answer (its message is for the user), not a bug. */
export function isRefusal(error: unknown): error is Error {
  return error instanceof ToolError || error instanceof PathError || error instanceof GlobError;
}
