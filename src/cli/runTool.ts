/** A one-shot command: one tool call, its text on stdout, or its error on stderr with exit code 1. */
import type { Project } from '../session/project.js';
import { answer } from '../tools/answer.js';
import { InvalidArguments, parseArguments, type Tool } from '../tools/registry.js';
import { progressLine } from './progressLine.js';
import { UsageError } from './usageError.js';

/** The arguments as the tool's schema takes them; bad ones are bad usage. */
export function checkedArguments(tool: Tool, args: Record<string, unknown>): Record<string, unknown> {
  try {
    return parseArguments(tool, args);
  } catch (error) {
    if (error instanceof InvalidArguments) throw new UsageError(error.message);
    throw error;
  }
}

/** Runs the tool; a search that takes a while shows how far it has come on stderr, when that is a terminal. */
export async function runTool(project: Project, tool: Tool, args: Record<string, unknown>): Promise<number> {
  const line = progressLine('searching', { keep: false });
  const result = await answer(project, tool, checkedArguments(tool, args), line === undefined ? {} : { progress: line.show });
  line?.end();
  (result.isError ? process.stderr : process.stdout).write(result.text + '\n');
  return result.isError ? 1 : 0;
}
