/**
 * A server's connection to the shared server: found at its socket, or started there (a detached
 * `zumba daemon`) when none answers, and checked to be the same build before any call.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import net, { type Socket } from 'node:net';
import type { Progress } from '../search/shard.js';
import type { Answer } from '../tools/answer.js';
import { checkSocket, type DaemonPlace } from './daemonPlace.js';
import { millisecondsFromEnv } from './durations.js';
import { readMessages, sendMessage, type FromDaemon, type SharedProject, type ToDaemon } from './messages.js';

/** How long a server waits for a shared server it started to listen. */
const CONNECT_WITHIN_MS = 5000;
/**
 * How long it waits for the hello of one that listens: a shared server answers between the walks of
 * its projects' trees (each up to a second on the kernel), and eight servers started at once on new
 * kernel worktrees had one wait more than 5 s.
 */
const HELLO_WITHIN_MS = 30_000;
/** How often it tries to connect meanwhile. */
const RETRY_MS = 20;
/**
 * How long a request may wait with nothing at all from the shared server (it answers a ping at
 * once, between the walks of its projects' trees): then it is taken for gone, as if it had died.
 * A stopped or hung shared server would otherwise leave every call waiting for ever.
 */
const DEFAULT_SILENCE_MS = 30_000;

/** The shared server is gone, or answered with an error: the call is to be answered alone. */
export class DaemonGone extends Error {
  override name = 'DaemonGone';
}

interface Waiting {
  readonly resolve: (reply: FromDaemon) => void;
  readonly reject: (error: Error) => void;
  readonly progress: Progress | undefined;
}

export class DaemonClient {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 0;
  private gone: Error | undefined;
  /** When the shared server last said anything, while a request waits (see `watchWhileWaiting`). */
  private lastHeard = 0;
  private nextPing = 0;
  private watching: NodeJS.Timeout | undefined;

  private constructor(
    private readonly socket: Socket,
    private readonly silenceMs: number,
  ) {
    readMessages<FromDaemon>(socket, (reply) => {
      this.lastHeard = Date.now();
      this.settle(reply);
    });
    socket.on('error', () => {}); // Its close follows.
    socket.on('close', () => this.lose(new DaemonGone('the shared server went away')));
  }

  /**
   * Connects to the shared server of this build at `place`, starting one (`command`, run detached)
   * where none listens. Rejects where it cannot be had: something else at the socket's path, another
   * build there, or no answer within CONNECT_WITHIN_MS. `ZUMBA_DAEMON_SILENCE_MS` in `env` sets how
   * long a request waits with nothing from it (DEFAULT_SILENCE_MS).
   */
  static async connect(place: DaemonPlace, command: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<DaemonClient> {
    const silenceMs = millisecondsFromEnv(env, 'ZUMBA_DAEMON_SILENCE_MS', DEFAULT_SILENCE_MS);
    const until = Date.now() + CONNECT_WITHIN_MS;
    let started = false;
    for (;;) {
      checkSocket(place.socket);
      const socket = await connected(place.socket);
      if (socket !== undefined) {
        const client = new DaemonClient(socket, silenceMs);
        const hello = await client.hello(place.build, Date.now() + HELLO_WITHIN_MS);
        if (hello !== place.build) {
          client.close();
          throw new DaemonGone(`the shared server at ${place.socket} is another build`);
        }
        return client;
      }
      if (!started) {
        started = true;
        startDaemon(command, place.log);
      }
      if (Date.now() > until) throw new DaemonGone(`no shared server answered at ${place.socket}`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }

  /** Opens the project there and starts its search, as a lone server does once it has answered its client's handshake. */
  async open(project: SharedProject): Promise<void> {
    await this.ask({ id: this.nextId++, open: project }, undefined);
  }

  /** The tool's answer from the shared server; rejects with DaemonGone where it could not give one. */
  async call(project: SharedProject, tool: string, args: unknown, progress: Progress | undefined): Promise<Answer> {
    const reply = await this.ask({ id: this.nextId++, call: { project, tool, arguments: args, progress: progress !== undefined } }, progress);
    if (!('answer' in reply)) throw new DaemonGone('the shared server gave no answer');
    return reply.answer;
  }

  close(): void {
    this.socket.destroy();
  }

  private async hello(build: string, until: number): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new DaemonGone('the shared server did not say hello')), Math.max(0, until - Date.now()));
    });
    try {
      const reply = await Promise.race([this.ask({ hello: { build } }, undefined), timeout]);
      return 'hello' in reply ? reply.hello.build : '';
    } catch (error) {
      this.close();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private ask(message: ToDaemon, progress: Progress | undefined): Promise<FromDaemon> {
    if (this.gone !== undefined) return Promise.reject(this.gone);
    const id = 'id' in message ? message.id : -1; // The hello's answer has no id: it is the first.
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, progress });
      sendMessage(this.socket, message);
      this.watchWhileWaiting();
    });
  }

  /**
   * While some request waits, pings the shared server a few times in each `silenceMs`; where nothing
   * at all came from it for that long, it is taken for gone: each request is answered alone.
   */
  private watchWhileWaiting(): void {
    if (this.watching !== undefined) return;
    this.lastHeard = Date.now(); // Nothing waited before: its silence until now was no fault.
    this.watching = setInterval(() => {
      if (this.waiting.size === 0) return this.stopWatching();
      if (Date.now() - this.lastHeard <= this.silenceMs) return sendMessage(this.socket, { ping: this.nextPing++ });
      this.lose(new DaemonGone(`the shared server said nothing for ${this.silenceMs / 1000} s`));
      this.socket.destroy();
    }, Math.max(1, Math.floor(this.silenceMs / 4)));
    this.watching.unref();
  }

  private stopWatching(): void {
    clearInterval(this.watching);
    this.watching = undefined;
  }

  private settle(reply: FromDaemon): void {
    if ('pong' in reply) return; // Heard: that is all it says.
    const id = 'id' in reply ? reply.id : -1;
    const waiting = this.waiting.get(id);
    if (waiting === undefined) return;
    if ('progress' in reply) return waiting.progress?.(reply.progress[0], reply.progress[1]);
    this.waiting.delete(id);
    if ('error' in reply) waiting.reject(new DaemonGone(`the shared server failed: ${reply.error.message}`));
    else waiting.resolve(reply);
  }

  private lose(error: Error): void {
    this.gone ??= error;
    this.stopWatching();
    for (const waiting of this.waiting.values()) waiting.reject(error);
    this.waiting.clear();
  }
}

/** A connection to the socket, or undefined where nothing listens there. */
function connected(socketPath: string): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      resolve(socket);
    });
    socket.once('error', () => resolve(undefined));
  });
}

/** Starts the shared server, on its own (it outlives the server that started it), its stderr written to `log`. */
function startDaemon(command: readonly string[], log: string): void {
  const [program, ...args] = command;
  let stderr: number | 'ignore' = 'ignore';
  try {
    stderr = openSync(log, 'w', 0o600);
  } catch {
    // Without its log: what it would say is lost, nothing else.
  }
  try {
    const daemon = spawn(program!, args, { detached: true, stdio: ['ignore', 'ignore', stderr], cwd: '/' });
    daemon.on('error', () => {}); // It never listens: the connection times out, and the server answers alone.
    daemon.unref();
  } finally {
    if (stderr !== 'ignore') closeSync(stderr);
  }
}
