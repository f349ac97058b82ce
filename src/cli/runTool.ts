/** A one-shot command: one tool call, its text on stdout, or its error on stderr with exit code 1. */
import type { Project } from '../session/project.js';
import { answer, type Answer } from '../tools/answer.js';
import { InvalidArguments, parseArguments, type Tool } from '../tools/registry.js';

export class UsageError extends Error {
  override name = 'UsageError';
}

export async function callForCommand(project: Project, tool: Tool, args: Record<string, unknown>): Promise<Answer> {
  try {
    return await answer(project, tool, parseArguments(tool, args));
  } catch (error) {
    if (error instanceof InvalidArguments) throw new UsageError(error.message);
    throw error;
  }
}

export async function runTool(project: Project, tool: Tool, args: Record<string, unknown>): Promise<number> {
  const result = await callForCommand(project, tool, args);
  (result.isError ? process.stderr : process.stdout).write(result.text + '\n');
  return result.isError ? 1 : 0;
}
