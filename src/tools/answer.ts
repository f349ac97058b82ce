/** Running a tool: its text, or its refusal's message marked as an error. */
import type { Project } from '../session/project.js';
import type { Tool, ToolCall } from './registry.js';
import { isRefusal } from './toolError.js';

export interface Answer {
  readonly text: string;
  readonly isError: boolean;
}

export async function answer(project: Project, tool: Tool, args: Record<string, unknown>, call: ToolCall = {}): Promise<Answer> {
  try {
    return { text: await tool.run(project, args as never, call), isError: false };
  } catch (error) {
    if (isRefusal(error)) return { text: error.message, isError: true };
    // A bug: the agent gets an error it can report, the server goes on, stderr keeps the stack.
    process.stderr.write(`zumba: ${tool.name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return { text: `Internal error in ${tool.name}: ${error instanceof Error ? error.message : String(error)}`, isError: true };
  }
}
