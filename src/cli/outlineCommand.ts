/**
 * `zumba outline [--ranges | --json] <file|glob>...`: the outline tool's text for each file (or its JSON lines). A glob (one that names no file
 * as written) expands over the project's searched files, in path order. With several files each
 * outline follows a `== path` line, and outlines are separated by a blank line. Many files are
 * outlined on every core (`parallelOutlines.ts`), and each is printed as soon as those before it are.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathFilter } from '../project/pathFilter.js';
import type { Project } from '../session/project.js';
import type { OutlineFormat } from './outlineAnswer.js';
import { outlinesInOrder, outlineWorkers, type OutlineWorkers } from './parallelOutlines.js';
import { progressLine } from './progressLine.js';

const GLOB_CHARACTERS = /[*?[\]{}!]/;

/** Below this many files named (and no glob), starting workers costs more than it saves. */
const FEWEST_FOR_WORKERS = 32;

export async function outlineCommand(project: Project, patterns: readonly string[], format: OutlineFormat): Promise<number> {
  const workers = patterns.length >= FEWEST_FOR_WORKERS || patterns.some((pattern) => GLOB_CHARACTERS.test(pattern)) ? outlineWorkers(project, format) : undefined;
  try {
    return await outlineFiles(project, patterns, format, workers);
  } finally {
    await workers?.close();
  }
}

async function outlineFiles(project: Project, patterns: readonly string[], format: OutlineFormat, workers: OutlineWorkers | undefined): Promise<number> {
  const files: string[] = [];
  for (const pattern of patterns) {
    const matches = expand(project, pattern);
    if (matches.length === 0) {
      process.stderr.write(`No files match ${pattern}\n`);
      return 1;
    }
    files.push(...matches);
  }
  // Where the outlines themselves scroll by on the terminal, they show how far it has come.
  const line = files.length > 1 && !process.stdout.isTTY ? progressLine('outlining', { keep: false }) : undefined;
  const out = new Printer(format === 'json' ? 'lines' : 'blocks');
  let failed = false;
  let done = 0;
  for await (const result of outlinesInOrder(project, files, format, workers)) {
    const file = files[done++]!;
    line?.show(done, files.length);
    if (result.isError) {
      line?.end();
      process.stderr.write(result.text + '\n');
      failed = true;
      continue;
    }
    const block = files.length > 1 && format !== 'json' ? `== ${file}\n${result.text}` : result.text;
    await out.print(block);
  }
  await out.flush();
  line?.end();
  return failed ? 1 : 0;
}

/**
 * The blocks on stdout, each ended by a newline: as `blocks`, a blank line between them; as `lines`
 * (JSON lines), nothing between them and nothing for an empty one. Written some 64 KB at a time (a
 * write a file would cost more than its outline).
 */
class Printer {
  private pending: string[] = [];
  private size = 0;
  private printed = false;

  constructor(private readonly layout: 'blocks' | 'lines') {}

  async print(block: string): Promise<void> {
    if (this.layout === 'lines' && block === '') return;
    this.pending.push(`${this.printed && this.layout === 'blocks' ? '\n' : ''}${block}\n`);
    this.printed = true;
    this.size += block.length;
    if (this.size >= 1 << 16) await this.flush();
  }

  /** Writes what is pending, and waits while a slow reader has not taken it. */
  async flush(): Promise<void> {
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    if (text !== '' && !process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}

function expand(project: Project, pattern: string): string[] {
  if (!GLOB_CHARACTERS.test(pattern) || existsSync(path.resolve(project.root, pattern))) return [pattern];
  const keep = pathFilter(pattern);
  return project.walk
    .current()
    .map((file) => file.relative)
    .filter(keep);
}
