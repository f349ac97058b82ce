/** Running a tool: its text, or its refusal's message marked as an error. */
import type { Project } from '../session/project.js';
import type { Tool } from './registry.js';
import type { ToolCall } from './toolCall.js';
import { isRefusal } from './toolError.js';

export interface Answer {
  readonly text: string;
  readonly isError: boolean;
}

export function answer(project: Project, tool: Tool, args: Record<string, unknown>, call: ToolCall = {}): Promise<Answer> {
  return answerOf(tool.name, () => tool.run(project, args as never, call));
}

/** The answer of a tool's work, named `toolName` in what a bug leaves on stderr. */
export async function answerOf(toolName: string, work: () => Promise<string>): Promise<Answer> {
  try {
    return { text: await work(), isError: false };
  } catch (error) {
    if (isRefusal(error)) return { text: error.message, isError: true };
    // A bug: the agent gets an error it can report, the server goes on, stderr keeps the stack.
    process.stderr.write(`zumba: ${toolName} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return { text: `Internal error in ${toolName}: ${error instanceof Error ? error.message : String(error)}`, isError: true };
  }
}
