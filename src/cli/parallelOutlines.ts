/**
 * The outlines of many files, on every core: worker threads each make the outline tool's answer for
 * a few files at a time, taking the next few when done (a large file does not hold the others up),
 * through the index, each with its own handle on it. The answers come back in the files' order, as
 * soon as all before them are in. With one core, or without workers, this thread makes them one by one.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Project } from '../session/project.js';
import type { Answer } from '../tools/answer.js';
import { outlineAnswer, type OutlineFormat } from './outlineAnswer.js';
import type { FromOutlineWorker, OutlineWorkerData, ToOutlineWorker } from './parallelOutlineWorker.js';

const WORKER_SCRIPT = new URL('./parallelOutlineWorker.js', import.meta.url);
/** Files a worker is given at a time: enough that messages cost little, few enough to share the work out evenly. */
const BATCH = 16;
/** Batches a worker holds at once: the next is there when one ends. */
const IN_FLIGHT = 2;
/**
 * How far past the file being printed the workers may go: a slow reader (a pager) holds the
 * outlines in memory no further ahead than this.
 */
const LOOKAHEAD = 2048;

/**
 * Workers for outlines, one a core, started now (they boot while the files are listed); none with
 * one core. The script is this package's, but for a test of what happens when it fails.
 */
export function outlineWorkers(project: Project, format: OutlineFormat, script: URL = WORKER_SCRIPT): OutlineWorkers | undefined {
  const cores = availableParallelism();
  return cores < 2 ? undefined : new OutlineWorkers(project, format, cores, script);
}

/** The outline tool's answer for each file, in order: made by the workers, where there are some. */
export async function* outlinesInOrder(project: Project, files: readonly string[], format: OutlineFormat, workers: OutlineWorkers | undefined): AsyncGenerator<Answer> {
  const answers = workers?.outline(files);
  for (let i = 0; i < files.length; i++) yield (await answers?.answer(i)) ?? (await outlineAnswer(project, files[i]!, format));
}

interface Batch {
  readonly id: number;
  /** The index of its first file. */
  readonly from: number;
  readonly paths: readonly string[];
}

interface Slot {
  readonly worker: Worker;
  readonly batches: Map<number, Batch>;
  readonly ended: Promise<void>;
  alive: boolean;
}

/** Where each file's answer is known to be: made, or left to the caller (every worker stopped). */
type Waiter = (answer: Answer | undefined) => void;

export class OutlineWorkers {
  private readonly slots: Slot[] = [];
  private readonly answers = new Map<number, Answer>();
  private readonly waiters = new Map<number, Waiter>();
  /** Batches not yet given to a worker, in file order. */
  private readonly queue: Batch[] = [];
  /** Whether every worker has stopped: what was not answered is the caller's to make. */
  private abandoned = false;
  private given = false;
  /** The file whose answer was asked for last: batches are given no further than LOOKAHEAD past it. */
  private wanted = 0;

  constructor(project: Project, format: OutlineFormat, count: number, script: URL) {
    const data: OutlineWorkerData = { root: project.root, realRoot: project.realRoot, languages: project.languages.entries, index: project.index, format };
    for (let i = 0; i < count; i++) {
      const worker = new Worker(script, { workerData: data });
      const slot: Slot = { worker, batches: new Map(), ended: new Promise((resolve) => worker.once('exit', () => resolve())), alive: true };
      worker.on('message', (reply: FromOutlineWorker) => ('warning' in reply ? project.warn(reply.warning) : this.settle(slot, reply.id, reply.answers)));
      worker.on('error', (error) => this.lose(slot, error.message));
      worker.on('exit', (code) => this.lose(slot, `exited with code ${code}`));
      this.slots.push(slot);
    }
  }

  /** Shares the files out (once: a pool outlines one list); their answers are then taken by index. */
  outline(files: readonly string[]): this {
    if (this.given) throw new Error('outline workers are given one list of files');
    this.given = true;
    for (let from = 0; from < files.length; from += BATCH) this.queue.push({ id: this.queue.length, from, paths: files.slice(from, from + BATCH) });
    this.refill();
    return this;
  }

  /** The answer for the file at `index`, once made; undefined when no worker is left to make it. */
  answer(index: number): Promise<Answer | undefined> {
    this.wanted = index;
    this.refill();
    const made = this.answers.get(index);
    if (made !== undefined) {
      this.answers.delete(index);
      return Promise.resolve(made);
    }
    if (this.abandoned) return Promise.resolve(undefined);
    return new Promise((resolve) => this.waiters.set(index, resolve));
  }

  /** Asks each worker to stop (one writing to the index finishes that first), and waits until all have. */
  async close(): Promise<void> {
    for (const slot of this.slots) {
      slot.alive = false;
      slot.worker.postMessage({ type: 'stop' } satisfies ToOutlineWorker);
    }
    await Promise.all(this.slots.map((slot) => slot.ended));
  }

  /**
   * Gives each living worker batches until it holds IN_FLIGHT, while the next is within LOOKAHEAD of
   * the file wanted (the batch holding that file always is: the queue is in file order).
   */
  private refill(): void {
    for (const slot of this.slots) {
      while (slot.alive && slot.batches.size < IN_FLIGHT && this.queue.length > 0 && this.queue[0]!.from <= this.wanted + LOOKAHEAD) {
        const batch = this.queue.shift()!;
        slot.batches.set(batch.id, batch);
        slot.worker.postMessage({ type: 'outline', id: batch.id, paths: batch.paths } satisfies ToOutlineWorker);
      }
    }
  }

  private settle(slot: Slot, id: number, answers: readonly Answer[]): void {
    const batch = slot.batches.get(id)!;
    slot.batches.delete(id);
    answers.forEach((answer, i) => this.deliver(batch.from + i, answer));
    this.refill();
  }

  private deliver(index: number, answer: Answer | undefined): void {
    const waiter = this.waiters.get(index);
    if (waiter !== undefined) {
      this.waiters.delete(index);
      waiter(answer);
    } else if (answer !== undefined) this.answers.set(index, answer);
  }

  /**
   * A worker that stops before it is asked to is a bug (or memory ran out): stderr says so once, its
   * batches go to the others, and once none is left the caller makes what remains.
   */
  private lose(slot: Slot, reason: string): void {
    if (!slot.alive) return;
    slot.alive = false;
    if (this.slots.every((other) => other.alive || other === slot)) process.stderr.write(`zumba: an outline worker stopped (${reason}); going on without it\n`);
    this.queue.unshift(...[...slot.batches.values()].sort((a, b) => a.from - b.from));
    slot.batches.clear();
    if (this.slots.some((other) => other.alive)) {
      this.refill();
      return;
    }
    this.abandoned = true;
    for (const index of [...this.waiters.keys()]) this.deliver(index, undefined);
  }
}
