/**
 * `zumba outline [--ranges | --json] [--snapshot FILE [--update]] <file|glob>...`: the outline
 * tool's text for each file (or its JSON lines). A glob (one that names no file as written) expands
 * over the project's searched files, in path order. With several files each outline follows a
 * `== path` line, and outlines are separated by a blank line. Many files are outlined on every core
 * (`parallelOutlines.ts`), and each is printed as soon as those before it are; or, with a snapshot,
 * all are held against it (`outlineSnapshot.ts`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathFilter } from '../project/pathFilter.js';
import type { Project } from '../session/project.js';
import type { OutlineFormat } from './outlineAnswer.js';
import { compareWithSnapshot, isSnapshot, type Snapshot } from './outlineSnapshot.js';
import { outlinesInOrder, outlineWorkers, type OutlineWorkers } from './parallelOutlines.js';
import { progressLine } from './progressLine.js';

/** Where the outlines go: written to stdout as they come, or kept to be held against a snapshot. */
type Sink = (text: string) => Promise<void>;

const GLOB_CHARACTERS = /[*?[\]{}!]/;

/** Below this many files named (and no glob), starting workers costs more than it saves. */
const FEWEST_FOR_WORKERS = 32;

export async function outlineCommand(project: Project, patterns: readonly string[], format: OutlineFormat, snapshot?: Snapshot): Promise<number> {
  const workers = patterns.length >= FEWEST_FOR_WORKERS || patterns.some((pattern) => GLOB_CHARACTERS.test(pattern)) ? outlineWorkers(project, format) : undefined;
  try {
    const files = filesOf(project, patterns, snapshot);
    if (files === undefined) return 1;
    if (snapshot === undefined) return (await outlineFiles(project, files, format, workers, toStdout)) ? 0 : 1;
    const kept: string[] = [];
    const outlined = await outlineFiles(project, files, format, workers, async (text) => void kept.push(text));
    const matches = compareWithSnapshot(snapshot, kept.join(''));
    return outlined && matches ? 0 : 1;
  } finally {
    await workers?.close();
  }
}

/** The files the patterns name, in order (the snapshot's own file left out); undefined, said on stderr, when one names none. */
function filesOf(project: Project, patterns: readonly string[], snapshot: Snapshot | undefined): string[] | undefined {
  const files: string[] = [];
  for (const pattern of patterns) {
    const matches = expand(project, pattern).filter((file) => snapshot === undefined || !isSnapshot(project, file, snapshot));
    if (matches.length === 0) {
      process.stderr.write(`No files match ${pattern}\n`);
      return undefined;
    }
    files.push(...matches);
  }
  return files;
}

/** Writes to stdout, and waits while a slow reader has not taken it. */
async function toStdout(text: string): Promise<void> {
  if (!process.stdout.write(text)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

/** Outlines the files into `sink`, and says on stderr what could not be outlined: true when every file was. */
async function outlineFiles(project: Project, files: readonly string[], format: OutlineFormat, workers: OutlineWorkers | undefined, sink: Sink): Promise<boolean> {
  // Where the outlines themselves scroll by on the terminal, they show how far it has come.
  const line = files.length > 1 && !(sink === toStdout && process.stdout.isTTY) ? progressLine('outlining', { keep: false }) : undefined;
  const out = new Printer(format === 'json' ? 'lines' : 'blocks', sink);
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
  return !failed;
}

/**
 * The blocks, each ended by a newline: as `blocks`, a blank line between them; as `lines`
 * (JSON lines), nothing between them and nothing for an empty one. Written some 64 KB at a time (a
 * write a file would cost more than its outline).
 */
class Printer {
  private pending: string[] = [];
  private size = 0;
  private printed = false;

  constructor(
    private readonly layout: 'blocks' | 'lines',
    private readonly sink: Sink,
  ) {}

  async print(block: string): Promise<void> {
    if (this.layout === 'lines' && block === '') return;
    this.pending.push(`${this.printed && this.layout === 'blocks' ? '\n' : ''}${block}\n`);
    this.printed = true;
    this.size += block.length;
    if (this.size >= 1 << 16) await this.flush();
  }

  async flush(): Promise<void> {
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    if (text !== '') await this.sink(text);
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
