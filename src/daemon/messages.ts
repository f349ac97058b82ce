/**
 * What a server and the shared server say to each other on the socket: one JSON message a line
 * (PROTOCOL.md).
 */
import type { Socket } from 'node:net';
import type { RemoteSettings } from '../remote/remoteSettings.js';

/** What names a project in the shared server: its folder and everything its answers hang on. */
export interface SharedProject {
  /** Its real path. */
  readonly folder: string;
  readonly cacheDir: string;
  readonly remote?: RemoteSettings;
  readonly watch: boolean;
}

export type ToDaemon =
  | { readonly hello: { readonly build: string } }
  /** Asked while a call waits, so that a shared server that stopped answering is told from a slow one. */
  | { readonly ping: number }
  /** Open the project and start its search, ahead of its first call. */
  | { readonly id: number; readonly open: SharedProject }
  | {
      readonly id: number;
      readonly call: { readonly project: SharedProject; readonly tool: string; readonly arguments: unknown; readonly progress: boolean };
    };

export type FromDaemon =
  | { readonly hello: { readonly build: string } }
  | { readonly pong: number }
  | { readonly id: number; readonly opened: true }
  | { readonly id: number; readonly progress: readonly [done: number, total: number] }
  | { readonly id: number; readonly answer: { readonly text: string; readonly isError: boolean } }
  | { readonly id: number; readonly error: { readonly code: number; readonly message: string } };

/** The longest line either side reads: an answer is a tool's text, bounded well below this. */
const MAX_LINE_CHARS = 64 * 1024 * 1024;

/** Calls `onMessage` with each line's message; a line that is not JSON, or too long, ends the connection. */
export function readMessages<T>(socket: Socket, onMessage: (message: T) => void): void {
  let pending = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    pending += chunk;
    let end = pending.indexOf('\n');
    while (end >= 0) {
      const line = pending.slice(0, end);
      pending = pending.slice(end + 1);
      let message: T;
      try {
        message = JSON.parse(line) as T;
      } catch {
        socket.destroy(new Error('a line on the shared server\'s socket is not JSON'));
        return;
      }
      onMessage(message);
      end = pending.indexOf('\n');
    }
    if (pending.length > MAX_LINE_CHARS) socket.destroy(new Error('a line on the shared server\'s socket is too long'));
  });
}

export function sendMessage(socket: Socket, message: ToDaemon | FromDaemon): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}
