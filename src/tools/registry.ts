/**
 * The four tools: name, the description an agent pays tokens for on every task (so: short), the
 * arguments' schema, and the function that answers. The MCP server and the CLI both serve this list.
 */
import * as z from 'zod';
import type { ToolCall } from './toolCall.js';
import type { Project } from '../session/project.js';
import { diagnostics } from './diagnostics.js';
import { findReferences } from './findReferences.js';
import { findSymbol } from './findSymbol.js';
import { DEFAULT_MAP_BUDGET, MAX_MAP_BUDGET, MIN_MAP_BUDGET, outlineOrMap } from './folderMap.js';

const name = z
  .string()
  .min(1, 'must not be empty')
  .refine((value) => !/[\r\n]/.test(value), 'must be a single line')
  .describe('The name to find.');

export interface Tool<Shape extends z.ZodRawShape = z.ZodRawShape> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: z.ZodObject<Shape>;
  readonly run: (project: Project, args: z.infer<z.ZodObject<Shape>>, call: ToolCall) => Promise<string>;
}


function tool<Shape extends z.ZodRawShape>(definition: Tool<Shape>): Tool {
  return definition as unknown as Tool;
}

export const TOOLS: readonly Tool[] = [
  tool({
    name: 'outline',
    title: 'Outline',
    description: "A file's definitions, nested, with line numbers: read it before the file. A folder (. = project): its most used files and definitions; start a task here.",
    arguments: z.object({
      path: z.string().describe('File or folder path relative to the project; . for the whole project.'),
      ranges: z.boolean().optional().describe('Show start-end lines.'),
      budget: z.number().int().min(MIN_MAP_BUDGET).max(MAX_MAP_BUDGET).optional().describe(`A folder's map: tokens at most (default ${DEFAULT_MAP_BUDGET}).`),
      focus: z.array(z.string().min(1, 'must not be empty')).optional().describe("A folder's map: names or paths you work on, ranked higher with what is near them."),
    }),
    run: outlineOrMap,
  }),
  tool({
    name: 'find_symbol',
    title: 'Find symbol',
    description: 'Where a function, type, constant or heading is defined; use it rather than grep. Exact matches first, else names containing the text.',
    arguments: z.object({ name, body: z.boolean().optional().describe('Include the source of the first 10.') }),
    run: findSymbol,
  }),
  tool({
    name: 'find_references',
    title: 'Find references',
    description: 'Where a name is used, rather than grep: lines holding it as a whole word, case-sensitive (a text search: comments and strings count).',
    arguments: z.object({
      name,
      path: z.string().optional().describe('Only files matching these comma-separated globs, e.g. src/**, *.rs, !*.md.'),
      enclosing: z.boolean().optional().describe('Group the lines under the function, class or test holding each.'),
    }),
    run: findReferences,
  }),
  tool({
    name: 'diagnostics',
    title: 'Diagnostics',
    description: "Errors and warnings from the user's editor; check them after an edit, before running a build.",
    arguments: z.object({ path: z.string().optional().describe('Only this file.') }),
    run: diagnostics,
  }),
];

export function findTool(toolName: string): Tool | undefined {
  return TOOLS.find((t) => t.name === toolName);
}

export class InvalidArguments extends Error {
  override name = 'InvalidArguments';
}

/** Checks a call's arguments against the tool's schema; the message names each problem. */
export function parseArguments(target: Tool, args: unknown): Record<string, unknown> {
  const result = target.arguments.safeParse(args ?? {});
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'arguments';
    return `${where}: ${issue.message}`;
  });
  throw new InvalidArguments(`Invalid arguments for ${target.name}: ${problems.join('; ')}`);
}

export function inputSchemaOf(target: Tool): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(target.arguments) as Record<string, unknown>;
  return schema;
}
