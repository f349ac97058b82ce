/** How far a one-shot command has come, as one line on stderr rewritten in place; none when stderr is not a terminal. */

export interface ProgressLine {
  readonly show: (done: number, total: number) => void;
  /** Ends the line, if one was shown: kept (what follows starts on a line of its own), or erased. */
  readonly end: () => void;
}

export function progressLine(what: string, options: { keep: boolean }): ProgressLine | undefined {
  if (!process.stderr.isTTY) return undefined;
  let shown = false;
  return {
    show: (done, total) => {
      process.stderr.write(`\r${what}: ${done} of ${total} files`);
      shown = true;
    },
    end: () => {
      if (shown) process.stderr.write(options.keep ? '\n' : '\r\x1b[K');
    },
  };
}
