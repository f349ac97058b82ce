/**
 * `zumba outline [--ranges] <file|glob>...`: the outline tool's text for each file. A glob (one that names no file
 * as written) expands over the project's searched files, in path order. With several files each
 * outline follows a `== path` line, and outlines are separated by a blank line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathFilter } from '../project/pathFilter.js';
import type { Project } from '../session/project.js';
import { findTool } from '../tools/registry.js';
import { callForCommand } from './runTool.js';

const GLOB_CHARACTERS = /[*?[\]{}!]/;

export async function outlineCommand(project: Project, patterns: readonly string[], ranges: boolean): Promise<number> {
  const files: string[] = [];
  for (const pattern of patterns) {
    const matches = expand(project, pattern);
    if (matches.length === 0) {
      process.stderr.write(`No files match ${pattern}\n`);
      return 1;
    }
    files.push(...matches);
  }
  const tool = findTool('outline')!;
  let failed = false;
  const blocks: string[] = [];
  for (const file of files) {
    const result = await callForCommand(project, tool, { path: file, ...(ranges && { ranges: true }) });
    if (result.isError) {
      process.stderr.write(result.text + '\n');
      failed = true;
    } else blocks.push(files.length > 1 ? `== ${file}\n${result.text}` : result.text);
  }
  if (blocks.length > 0) process.stdout.write(blocks.join('\n\n') + '\n');
  return failed ? 1 : 0;
}

function expand(project: Project, pattern: string): string[] {
  if (!GLOB_CHARACTERS.test(pattern) || existsSync(path.resolve(project.root, pattern))) return [pattern];
  const keep = pathFilter(pattern);
  return project.walk
    .current()
    .map((file) => file.relative)
    .filter(keep);
}
