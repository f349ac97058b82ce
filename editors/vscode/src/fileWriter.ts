/**
 * Keeps a file current: `schedule()` after each change, and the file is written DEBOUNCE_MS after
 * the last of them, once for all, whole (into a temporary file beside it, renamed over it, so that a
 * reader never sees half of it).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DEBOUNCE_MS = 150;

export class DebouncedFileWriter {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private idle: Promise<void> = Promise.resolve();
  private settle: (() => void) | undefined;

  constructor(
    readonly file: string,
    /** The file's text as it should be now; asked for at each write. */
    private readonly text: () => string,
    /** Told when a write fails (a folder that cannot be written): the next change tries again. */
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Something changed: the file is written DEBOUNCE_MS from now, unless another change comes first. */
  schedule(): void {
    if (this.timer === undefined) this.idle = new Promise((resolve) => (this.settle = resolve));
    else clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
  }

  /** Resolves once no write is waiting. */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  /** Writes the file now. */
  flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    try {
      writeWhole(this.file, this.text());
    } catch (error) {
      this.onError(error);
    } finally {
      this.settle?.();
      this.settle = undefined;
    }
  }

  /** Stops: nothing more is written, and the file is removed (its diagnostics are no one's now). */
  dispose(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.settle?.();
    rmSync(this.file, { force: true });
  }
}

/**
 * The file for a workspace folder when the setting names none: inside the folder, in a `.zumba/`
 * that ignores itself (git, and zumba's own walk, leave it out). The Neovim plugin uses the same.
 */
export function defaultDiagnosticsFile(folder: string): string {
  return path.join(folder, '.zumba', 'diagnostics.json');
}

function writeWhole(file: string, text: string): void {
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true });
  if (path.basename(folder) === '.zumba') writeIfMissing(path.join(folder, '.gitignore'), '# Written by the zumba extension: nothing here is to be committed.\n*\n');
  const partial = path.join(folder, `.${path.basename(file)}.${process.pid}.partial`);
  try {
    writeFileSync(partial, text);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

function writeIfMissing(file: string, text: string): void {
  try {
    writeFileSync(file, text, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
