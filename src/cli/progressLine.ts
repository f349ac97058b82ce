/** How far a one-shot command has come, as one line on stderr rewritten in place; none when stderr is not a terminal. */

export interface ProgressLine {
  readonly show: (done: number, total: number) => void;
  /** Ends the line, if one was shown: kept (what follows starts on a line of its own), or erased. */
  readonly end: () => void;
}

/** The line is rewritten at most this often. */
const EVERY_MS = 100;

export function progressLine(what: string, options: { keep: boolean }): ProgressLine | undefined {
  if (!process.stderr.isTTY) return undefined;
  let shown = false;
  let last = { done: 0, total: 0, written: true };
  let next = 0;
  const write = () => {
    process.stderr.write(`\r${what}: ${last.done} of ${last.total} files`);
    last.written = true;
    shown = true;
    next = performance.now() + EVERY_MS;
  };
  return {
    show: (done, total) => {
      last = { done, total, written: false };
      if (performance.now() >= next) write();
    },
    end: () => {
      if (!shown) return;
      if (options.keep && !last.written) write();
      process.stderr.write(options.keep ? '\n' : '\r\x1b[K');
      shown = false;
    },
  };
}
