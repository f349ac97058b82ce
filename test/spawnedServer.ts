/**
 * The built server spawned with pipes, for the hardening suites: raw bytes in, stdout kept as complete
 * lines plus whatever follows the last newline, stderr kept whole, and the child's memory and CPU time
 * from /proc.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cliPath } from './helpers.js';

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

/** Every server a suite started, so that its `after` hook can kill what a failed test left running. */
const running = new Set<SpawnedServer>();

export function killAll(): void {
  for (const server of running) server.child.kill('SIGKILL');
}

export class SpawnedServer {
  readonly child: ChildProcessWithoutNullStreams;
  readonly lines: string[] = [];
  /** stdout after its last newline: empty unless a line was cut short. */
  rest = '';
  stderr = '';
  readonly exited: Promise<Exit>;
  private waiters: (() => void)[] = [];

  /** `command` is the built command run by this Node unless given (an installed `zumba`, with its `env`). */
  constructor(args: readonly string[], command: readonly [string, ...string[]] = [process.execPath, cliPath], env: NodeJS.ProcessEnv = process.env) {
    this.child = spawn(command[0], [...command.slice(1), ...args], { env });
    running.add(this);
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      const parts = (this.rest + chunk).split('\n');
      this.rest = parts.pop()!;
      for (const part of parts) this.lines.push(part);
      this.wake();
    });
    this.child.stderr.setEncoding('utf8');
    this.child.stderr.on('data', (chunk: string) => (this.stderr += chunk));
    // Writes to a server that is gone fail with EPIPE; the tests look at its exit, not at that.
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code, signal) => {
        running.delete(this);
        resolve({ code, signal });
        this.wake();
      }),
    );
  }

  /** Writes and waits until the pipe takes more (a server that stops reading holds this up). */
  async write(data: string | Buffer): Promise<void> {
    if (!this.child.stdin.write(data)) await new Promise((resolve) => this.child.stdin.once('drain', resolve));
  }

  /** Resolves once `done()` holds, checked after every stdout chunk; rejects if the server exits first. */
  async until(done: () => boolean, what: string): Promise<void> {
    while (!done()) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        throw new Error(`the server exited while waiting for ${what}; stderr: ${this.stderr}`);
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The answers parsed, in the order they came. */
  responses(): Record<string, unknown>[] {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Resident memory of the server process, in MB. */
  rssMb(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) / 1024;
  }

  /** CPU time the server process has used so far, all its threads, in clock ticks. */
  cpuTicks(): number {
    const stat = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8');
    // After the command's name in parentheses, the fields from the third on; utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  }

  private wake(): void {
    for (const wake of this.waiters.splice(0)) wake();
  }
}

/** Every stdout line is a JSON-RPC message, and the last one ends with its newline. */
export function assertWholeLines(server: SpawnedServer): void {
  assert.ok(server.rest === '', `stdout ends in the middle of a line: …${server.rest.slice(-100)}`);
  for (const response of server.responses()) assert.equal(response['jsonrpc'], '2.0');
}
