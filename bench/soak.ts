/**
 * Soak: one server on the corpus's `all` tree for some minutes (30 by default) under a mix of calls —
 * find_references and find_symbol over BENCH_NAMES and the scratch folder's names, outlines of files
 * drawn from the whole tree, diagnostics, now and then 20 calls at once — while files change in a
 * scratch folder inside the tree (see soakScratch.ts), the diagnostics file is rewritten and a few corpus
 * files are rewritten with their own bytes.
 *
 * Every answer is checked. About the scratch folder and the diagnostics file: against what was written;
 * the checks made right after a change are the freshness checks (the very next calls must show it). About
 * the rest of the corpus, which does not change: against the first answer to the same call.
 * The server's memory, open file descriptors and threads are sampled after a first pass over the names,
 * after the warm-up (a minute, or a fifth of a shorter run), every minute and at the end; from the warm-up
 * to the end they must stay flat. A call unanswered after 60 s is a hang, and a server
 * that exits is a crash: either stops the soak, which then fails.
 *
 * The corpus is left as it was: the scratch folder is removed at the end, on a failure and on Ctrl-C
 * too, and the rewritten corpus files, and the tree folder, get their times back.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openProject } from '../src/session/project.js';
import { comparePaths } from '../src/text/lines.js';
import { seededRandom } from '../test/seededRandom.js';
import { LineClient } from './lineClient.js';
import { BENCH_NAMES } from './searchSpeed.js';
import { Scratch, SCRATCH, type Check } from './soakScratch.js';
import { percentile, type Row } from './table.js';

const HANG_MS = 60_000;
const SLOW_MS = 5_000;
const BURST = 20;
const EDIT_EVERY_MS = 3_000;
const DIAGNOSTICS_EVERY_MS = 10_000;
const TOUCH_EVERY_MS = 15_000;
const BURST_EVERY_MS = 20_000;
const SAMPLE_EVERY_MS = 60_000;
const SCRATCH_FILES_AT_START = 8;
const TOUCHED_FILES = 6;
const FIRST_PASS_OUTLINES = 40;
const WARM_UP_MS = 60_000;
/** The soak's choices (edits, names, files) follow from this seed: two runs make the same calls. */
const SEED = 20_251_130;
/** RSS may move this much from its value after the warm-up and still count as flat: a fraction, or MB. */
const RSS_FLAT_FRACTION = 0.15;
const RSS_FLAT_MB = 40;
const SHOWN_FAILURES = 30;

const TOOLS = ['find_references', 'find_symbol', 'outline', 'diagnostics'] as const;
type Tool = (typeof TOOLS)[number];
type Call = { readonly tool: Tool; readonly args: Record<string, string> };

interface Sample {
  readonly label: string;
  readonly atMs: number;
  readonly rssMb: number;
  readonly fds: number;
  readonly threads: number;
  readonly calls: number;
}

interface Answer {
  readonly text: string;
  readonly isError: boolean;
}

/** What a call must answer: a text (an error's, when `isError`), or an error with any text. */
type Expected = { readonly text: string; readonly isError?: boolean } | { readonly error: true };

/** A corpus file rewritten with its own bytes during the soak, as it was before. */
interface TouchedFile {
  readonly relative: string;
  readonly absolute: string;
  readonly bytes: Buffer;
  /** Seconds, as precise as a number holds them (`utimes` takes no more). */
  readonly atime: number;
  readonly mtime: number;
  touches: number;
}

export interface SoakResult {
  readonly rows: Row[];
  /** The samples and any failures, one a line. */
  readonly lines: string[];
  /** Why the soak stopped early (a hang, the server gone), if it did. */
  readonly stopped?: string;
}

class SoakStop extends Error {}


function sampleProcess(pid: number): { rssMb: number; fds: number; threads: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rssMb: Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024,
    threads: Number(/Threads:\s+(\d+)/.exec(status)![1]),
    fds: readdirSync(`/proc/${pid}/fd`).length,
  };
}

function digest(answer: Answer): string {
  return createHash('sha1').update(`${answer.isError}\n${answer.text}`).digest('hex');
}

function brief(text: string): string {
  const line = text.replaceAll('\n', ' ⏎ ');
  return JSON.stringify(line.length > 160 ? `${line.slice(0, 160)}…` : line);
}

function clock(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

class Soak {
  private readonly random = seededRandom(SEED);
  private readonly scratch: Scratch;
  private readonly diagnosticsFile: string;
  private readonly touched: TouchedFile[] = [];
  private readonly treeTimes: { atime: number; mtime: number };
  private corpusFiles: string[] = [];
  private client: LineClient | undefined;
  private serverGone: Promise<never> | undefined;
  private cleaned = false;
  private startMs = 0;

  private readonly answered = new Map<Tool, number>(TOOLS.map((tool) => [tool, 0]));
  private readonly latencies = new Map<Tool, number[]>(TOOLS.map((tool) => [tool, []]));
  private readonly errors: string[] = [];
  private readonly slow: string[] = [];
  private readonly failures: string[] = [];
  private readonly fresh = { passed: 0, failed: 0 };
  private readonly steady = { passed: 0, failed: 0 };
  private readonly firstAnswers = new Map<string, { digest: string; text: string; isError: boolean }>();
  private readonly samples: Sample[] = [];
  private edits = 0;
  private bursts = 0;
  private diagnosticsGeneration = 0;
  private diagnosticsTargets: string[] = [];
  private lastChange = 'the start';
  /** The sample the others are held to: the one after the warm-up. */
  private baseline: number | undefined;

  constructor(
    private readonly tree: string,
    private readonly minutes: number,
  ) {
    this.scratch = new Scratch(tree, this.random);
    this.diagnosticsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'zumba-soak-')), 'diagnostics.json');
    const stat = statSync(tree);
    this.treeTimes = { atime: stat.atimeMs / 1000, mtime: stat.mtimeMs / 1000 };
  }

  async run(): Promise<SoakResult> {
    const onSignal = (signal: NodeJS.Signals) => {
      this.client?.kill();
      this.cleanUp();
      process.stderr.write(`soak stopped by ${signal}; ${SCRATCH} removed and the corpus files restored\n`);
      process.exit(130);
    };
    const onExit = () => this.cleanUp();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    process.once('exit', onExit);
    let stopped: string | undefined;
    try {
      this.prepare();
      stopped = await this.soak();
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      process.off('exit', onExit);
      if (this.client !== undefined) await this.closeServer(this.client);
      this.cleanUp();
    }
    return this.result(stopped);
  }

  /** The list of corpus files, the files to touch, the scratch folder and the diagnostics file. */
  private prepare(): void {
    // A scratch folder left by a run that was killed outright is ours to remove.
    this.scratch.remove();
    this.corpusFiles = openProject(this.tree)
      .walk.current()
      .map((file) => file.relative)
      .filter((relative) => !this.scratch.isScratchPath(relative));
    const sources = this.corpusFiles.filter((relative) => /^[\w./-]+\.(rs|py|go|ts)$/.test(relative));
    for (let tries = 0; this.touched.length < TOUCHED_FILES && tries < 1000; tries++) {
      const relative = sources[Math.floor(this.random() * sources.length)]!;
      const absolute = path.join(this.tree, relative);
      const stat = statSync(absolute);
      if (stat.size < 2048 || stat.size > 65_536 || this.touched.some((t) => t.relative === relative)) continue;
      this.touched.push({ relative, absolute, bytes: readFileSync(absolute), atime: stat.atimeMs / 1000, mtime: stat.mtimeMs / 1000, touches: 0 });
    }
    this.diagnosticsTargets = this.touched.slice(0, 3).map((t) => t.relative);
    this.writeDiagnostics();
    this.scratch.create(SCRATCH_FILES_AT_START);
  }

  private async soak(): Promise<string | undefined> {
    this.startMs = performance.now();
    const client = new LineClient(['mcp', this.tree, '--diagnostics', this.diagnosticsFile]);
    this.client = client;
    this.serverGone = client.exited.then(({ code, signal }) => {
      throw new SoakStop(`the server exited (code ${code}, signal ${signal}) while a call was waiting; its stderr ends: ${brief(client.stderrTail())}`);
    });
    this.serverGone.catch(() => {}); // Seen by the calls racing it; not an unhandled rejection when none is.
    const deadline = this.startMs + this.minutes * 60_000;
    try {
      await this.guarded('initialize', client.initialize());
      await this.firstPass();
      this.sample('after the first pass');
      // The figures to stay flat are taken once the server has been busy a while: a minute, or a fifth of a short run.
      let warmUntil: number | undefined = Math.max(performance.now(), this.startMs + Math.min(WARM_UP_MS, (this.minutes * 60_000) / 5));
      let nextSample = this.startMs + SAMPLE_EVERY_MS;
      // Between random calls, in this order of precedence, each when due: the next is due its period after it ends.
      const begun = performance.now();
      const chores = [
        { every: EDIT_EVERY_MS, next: begun, run: () => this.editScratch() },
        { every: DIAGNOSTICS_EVERY_MS, next: begun + DIAGNOSTICS_EVERY_MS, run: () => this.rewriteDiagnostics() },
        { every: TOUCH_EVERY_MS, next: begun + TOUCH_EVERY_MS / 2, run: () => this.touchCorpusFile() },
        { every: BURST_EVERY_MS, next: begun + BURST_EVERY_MS / 2, run: () => this.burst() },
      ];
      for (let now = performance.now(); now < deadline; now = performance.now()) {
        const chore = chores.find((candidate) => now >= candidate.next);
        if (warmUntil !== undefined && now >= warmUntil) {
          if (this.sample('after warm-up')) this.baseline = this.samples.length - 1;
          warmUntil = undefined;
          if (nextSample - now < 5_000) nextSample += SAMPLE_EVERY_MS; // That was this minute's sample.
        } else if (now >= nextSample) {
          this.sample(`minute ${Math.round((now - this.startMs) / 60_000)}`);
          nextSample += SAMPLE_EVERY_MS;
        } else if (chore !== undefined) {
          await chore.run();
          chore.next = performance.now() + chore.every;
        } else {
          await this.ask(this.randomCall());
        }
      }
      this.sample('at the end');
      return undefined;
    } catch (error) {
      if (!(error instanceof SoakStop)) throw error;
      if (this.samples.length > 0) this.sample('when it stopped');
      return error.message;
    }
  }

  /** A first pass over every name with both searches, some outlines and the diagnostics: every file is read. */
  private async firstPass(): Promise<void> {
    for (const name of BENCH_NAMES) {
      await this.ask({ tool: 'find_references', args: { name } });
      await this.ask({ tool: 'find_symbol', args: { name } });
    }
    for (const name of this.scratch.names) await this.ask({ tool: 'find_symbol', args: { name } });
    for (let i = 0; i < FIRST_PASS_OUTLINES; i++) await this.ask({ tool: 'outline', args: { path: this.randomCorpusFile() } });
    await this.ask({ tool: 'diagnostics', args: {} });
  }

  private randomCall(): Call {
    const roll = this.random();
    const name = () => (this.random() < 0.6 ? BENCH_NAMES[Math.floor(this.random() * BENCH_NAMES.length)]! : this.scratch.randomName());
    if (roll < 0.35) return { tool: 'find_references', args: { name: name() } };
    if (roll < 0.7) return { tool: 'find_symbol', args: { name: name() } };
    if (roll < 0.95) return { tool: 'outline', args: { path: this.random() < 0.85 ? this.randomCorpusFile() : this.scratch.randomPath() } };
    return { tool: 'diagnostics', args: {} };
  }

  private randomCorpusFile(): string {
    return this.corpusFiles[Math.floor(this.random() * this.corpusFiles.length)]!;
  }

  private async editScratch(): Promise<void> {
    const edit = this.scratch.edit();
    this.edits++;
    this.lastChange = edit.description;
    for (const check of edit.checks) await this.ask(callOf(check), true);
  }

  private async rewriteDiagnostics(): Promise<void> {
    this.diagnosticsGeneration++;
    this.writeDiagnostics();
    this.lastChange = `diagnostics generation ${this.diagnosticsGeneration}`;
    await this.ask({ tool: 'diagnostics', args: {} }, true);
  }

  /** Rewrites a corpus file with its own bytes: a new modification time, the same answers. */
  private async touchCorpusFile(): Promise<void> {
    const file = this.touched[Math.floor(this.random() * this.touched.length)];
    if (file === undefined) return;
    writeFileSync(file.absolute, file.bytes);
    file.touches++;
    this.lastChange = `rewrote ${file.relative} unchanged`;
    await this.ask({ tool: 'outline', args: { path: file.relative } }, true);
  }

  private async burst(): Promise<void> {
    this.bursts++;
    await Promise.all(Array.from({ length: BURST }, () => this.ask(this.randomCall())));
  }

  /** One call, timed and checked. */
  private async ask(call: Call, isFreshness = false): Promise<void> {
    const answer = await this.call(call);
    const expected = this.expected(call, answer);
    const errorDue = 'error' in expected || expected.isError === true;
    if (answer.isError && !errorDue) this.errors.push(`${call.tool} ${JSON.stringify(call.args)}: ${brief(answer.text)}`);
    const passed = 'error' in expected ? answer.isError : answer.isError === errorDue && answer.text === expected.text;
    const tally = isFreshness ? this.fresh : this.steady;
    if (passed) {
      tally.passed++;
      return;
    }
    tally.failed++;
    const wanted = 'error' in expected ? 'an error' : `${errorDue ? 'error ' : ''}${brief(expected.text)}`;
    this.failures.push(
      `${clock(performance.now() - this.startMs)} ${isFreshness ? 'freshness' : 'answer'} ${call.tool} ${JSON.stringify(call.args)}, after ${this.lastChange}: ` +
        `wanted ${wanted}, got ${answer.isError ? 'error ' : ''}${brief(answer.text)}`,
    );
  }

  /**
   * What a call must answer; for the unchanging corpus, its first answer (this one, the first time). The
   * walk lists binary files and files over outline's 8 MB (searches skip them when they read them):
   * outline's refusal of one is its answer.
   */
  private expected(call: Call, answer: Answer): Expected {
    const { tool, args } = call;
    if (tool === 'diagnostics') return { text: this.diagnosticsAnswer() };
    if (tool === 'outline' && this.scratch.isScratchPath(args['path']!)) {
      const text = this.scratch.outlineAnswer(args['path']!);
      return text === undefined ? { error: true } : { text };
    }
    if (tool !== 'outline' && this.scratch.isScratchName(args['name']!)) {
      return { text: tool === 'find_symbol' ? this.scratch.symbolAnswer(args['name']!) : this.scratch.referencesAnswer(args['name']!) };
    }
    const key = `${tool} ${JSON.stringify(args)}`;
    const first = this.firstAnswers.get(key);
    if (first === undefined) {
      if (answer.isError && !(tool === 'outline' && isRefusedFile(answer.text, args['path']!))) return { text: '(not an error)' };
      this.firstAnswers.set(key, { digest: digest(answer), text: answer.text, isError: answer.isError });
      return { text: answer.text, isError: answer.isError };
    }
    return digest(answer) === first.digest ? { text: answer.text, isError: answer.isError } : { text: first.text, isError: first.isError };
  }

  /** A request's answer, unless it takes past the hang limit or the server exits first: then the soak stops. */
  private async guarded<T>(what: string, answer: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new SoakStop(`hang: ${what} unanswered after ${HANG_MS / 1000} s, after ${this.lastChange}`)), HANG_MS);
      timer.unref(); // The server's pipes keep the soak alive while it waits; after a stop, this must not.
    });
    try {
      return await Promise.race([answer, hang, this.serverGone!]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** A tool call, timed. */
  private async call({ tool, args }: Call): Promise<Answer> {
    const start = performance.now();
    const response = await this.guarded(`${tool} ${JSON.stringify(args)}`, this.client!.request('tools/call', { name: tool, arguments: args }));
    const ms = performance.now() - start;
    this.answered.set(tool, this.answered.get(tool)! + 1);
    this.latencies.get(tool)!.push(ms);
    if (ms > SLOW_MS) this.slow.push(`${clock(start - this.startMs)} ${tool} ${JSON.stringify(args)} took ${(ms / 1000).toFixed(1)} s`);
    const result = response['result'] as { content?: { text?: string }[]; isError?: boolean } | undefined;
    if (result === undefined) return { text: `JSON-RPC error ${JSON.stringify(response['error'])}`, isError: true };
    return { text: result.content?.[0]?.text ?? '', isError: result.isError === true };
  }

  /** Samples the server; false when it is gone and there was nothing to sample. */
  private sample(label: string): boolean {
    const calls = [...this.answered.values()].reduce((a, b) => a + b, 0);
    let measured;
    try {
      measured = sampleProcess(this.client!.pid);
    } catch {
      return false;
    }
    this.samples.push({ label, atMs: performance.now() - this.startMs, calls, ...measured });
    return true;
  }

  // The diagnostics file: flat records, half by path and half by file URI, a few more or fewer each time.

  private diagnosticsRecords(): { relative: string; line: number; column: number; severity: string; message: string }[] {
    const g = this.diagnosticsGeneration;
    if (this.diagnosticsTargets.length === 0) return [];
    return Array.from({ length: 1 + (g % 4) }, (_, i) => ({
      relative: this.diagnosticsTargets[(g + i) % this.diagnosticsTargets.length]!,
      line: 1 + ((g * 7 + i) % 40),
      column: 1 + i,
      severity: ['error', 'warning', 'info', 'hint'][(g + i) % 4]!,
      message: `soak generation ${g}, entry ${i}`,
    }));
  }

  private writeDiagnostics(): void {
    const records = this.diagnosticsRecords().map(({ relative, ...rest }, i) => {
      const absolute = path.join(this.tree, relative);
      return i % 2 === 0 ? { file: absolute, ...rest } : { uri: pathToFileURL(absolute).href, ...rest };
    });
    writeFileSync(this.diagnosticsFile, JSON.stringify(records, null, 1));
  }

  private diagnosticsAnswer(): string {
    const records = this.diagnosticsRecords().sort((a, b) => comparePaths(a.relative, b.relative) || a.line - b.line || a.column - b.column);
    if (records.length === 0) return 'No diagnostics.';
    return records.map((r) => `${r.relative}:${r.line}:${r.column}: ${r.severity}: ${r.message}`).join('\n');
  }

  private async closeServer(client: LineClient): Promise<void> {
    const timer = setTimeout(() => client.kill(), 10_000);
    await client.close();
    clearTimeout(timer);
  }

  /** Puts the corpus back as it was; safe to call more than once, and synchronous, for the exit handler. */
  private cleanUp(): void {
    if (this.cleaned) return;
    this.cleaned = true;
    this.scratch.remove();
    for (const file of this.touched) {
      if (!readFileSync(file.absolute).equals(file.bytes)) writeFileSync(file.absolute, file.bytes);
      utimesSync(file.absolute, file.atime, file.mtime);
    }
    utimesSync(this.tree, this.treeTimes.atime, this.treeTimes.mtime);
    rmSync(path.dirname(this.diagnosticsFile), { recursive: true, force: true });
  }

  private result(stopped: string | undefined): SoakResult {
    const rows: Row[] = [];
    for (const tool of TOOLS) {
      const times = [...this.latencies.get(tool)!].sort((a, b) => a - b);
      rows.push({ metric: `${tool}: calls answered`, ours: this.answered.get(tool)!, unit: 'calls' });
      if (times.length > 0) {
        rows.push({ metric: `${tool}: p50 / p99 / max`, ours: percentile(times, 50), unit: `ms / ${percentile(times, 99).toFixed(0)} ms / ${times.at(-1)!.toFixed(0)} ms` });
      }
    }
    const restored = this.touched.filter((file) => existsSync(file.absolute) && readFileSync(file.absolute).equals(file.bytes)).length;
    const touches = this.touched.reduce((sum, file) => sum + file.touches, 0);
    rows.push(
      { metric: `bursts of ${BURST} calls at once`, ours: this.bursts, unit: 'bursts' },
      { metric: 'hangs (a call unanswered after 60 s) or crashes', ours: stopped === undefined ? 0 : 1, unit: '', goal: '0', met: stopped === undefined },
      { metric: 'errors (isError or JSON-RPC, where an answer was due)', ours: this.errors.length, unit: '', goal: '0', met: this.errors.length === 0 },
      { metric: `calls over ${SLOW_MS / 1000} s`, ours: this.slow.length, unit: '', goal: '0', met: this.slow.length === 0 },
      {
        metric: `freshness checks failed (${this.edits} scratch edits, ${this.diagnosticsGeneration} diagnostics rewrites, ${touches} corpus files rewritten)`,
        ours: this.fresh.failed,
        unit: `of ${this.fresh.passed + this.fresh.failed}`,
        goal: '0',
        met: this.fresh.failed === 0,
      },
      { metric: 'other answers not as expected', ours: this.steady.failed, unit: `of ${this.steady.passed + this.steady.failed}`, goal: '0', met: this.steady.failed === 0 },
      { metric: 'corpus files rewritten, byte-identical after', ours: restored, unit: `of ${this.touched.length}`, goal: 'all', met: restored === this.touched.length },
    );
    // A run too short to warm up is held to its first sample.
    const start = this.samples[this.baseline ?? 0];
    const end = this.samples.at(-1);
    if (start !== undefined && end !== undefined) {
      const rssMax = Math.max(...this.samples.map((s) => s.rssMb));
      const fdsMax = Math.max(...this.samples.map((s) => s.fds));
      const rssTolerance = Math.max(RSS_FLAT_FRACTION * start.rssMb, RSS_FLAT_MB);
      rows.push(
        { metric: `server RSS ${start.label}`, ours: start.rssMb, unit: 'MB' },
        {
          metric: `server RSS ${end.label}`,
          ours: end.rssMb,
          unit: 'MB',
          goal: `within ${rssTolerance.toFixed(0)} MB of ${start.label}`,
          met: Math.abs(end.rssMb - start.rssMb) <= rssTolerance,
        },
        { metric: 'server RSS, highest sample', ours: rssMax, unit: 'MB' },
        { metric: `open fds ${start.label}`, ours: start.fds, unit: '' },
        { metric: `open fds ${end.label}`, ours: end.fds, unit: '', goal: `= ${start.fds}`, met: end.fds === start.fds },
        { metric: 'open fds, highest sample', ours: fdsMax, unit: '' },
        { metric: `threads ${start.label}`, ours: start.threads, unit: '' },
        { metric: `threads ${end.label}`, ours: end.threads, unit: '', goal: `= ${start.threads}`, met: end.threads === start.threads },
      );
    }
    const lines = this.samples.map(
      (s) => `${s.label} (${clock(s.atMs)}): RSS ${s.rssMb.toFixed(1)} MB, ${s.fds} fds, ${s.threads} threads, ${s.calls} calls answered`,
    );
    const listed = (title: string, items: readonly string[]) =>
      items.length === 0 ? [] : [`${title} (${items.length}):`, ...items.slice(0, SHOWN_FAILURES).map((item) => `  ${item}`), ...(items.length > SHOWN_FAILURES ? [`  … ${items.length - SHOWN_FAILURES} more`] : [])];
    lines.push(...listed('failed checks', this.failures), ...listed('errors', this.errors), ...listed('slow calls', this.slow));
    if (stopped !== undefined) lines.push(`STOPPED: ${stopped}`);
    return { rows, lines, ...(stopped !== undefined && { stopped }) };
  }
}

function callOf(check: Check): Call {
  return check.tool === 'outline' ? { tool: 'outline', args: { path: check.path } } : { tool: check.tool, args: { name: check.name } };
}

export function soak(corpus: string, minutes: number): Promise<SoakResult> {
  return new Soak(path.join(corpus, 'all'), minutes).run();
}

/** outline's answer for a file the walk lists but outline does not read: binary, or over its size limit. */
function isRefusedFile(text: string, path: string): boolean {
  return text === `${path} is a binary file.` || (text.startsWith(`${path} is larger than `) && text.endsWith(' bytes).'));
}
