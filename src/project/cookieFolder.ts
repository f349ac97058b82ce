/**
 * The folder a watcher makes its cookies in (see treeWatcher.ts), one a process, in the system's
 * temporary folder. Its name holds the process id, so that folders left by processes that did not
 * end cleanly (killed with SIGKILL, or by the kernel when out of memory) are removed by the next
 * one: only this user's, and only where no process of that id runs.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isRunning } from './processes.js';

const PREFIX = 'zumba-watch-';
const NAME = new RegExp(`^${PREFIX}(\\d+)-`);

/** A new cookie folder for this process, once the abandoned ones are gone. */
export function makeCookieFolder(parent = os.tmpdir()): string {
  removeAbandoned(parent);
  return mkdtempSync(path.join(parent, `${PREFIX}${process.pid}-`));
}

function removeAbandoned(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return; // Making the folder will say what is wrong.
  }
  const uid = process.getuid?.();
  for (const name of names) {
    const pid = NAME.exec(name)?.[1];
    if (pid === undefined || isRunning(Number(pid))) continue;
    const folder = path.join(parent, name);
    try {
      const stats = lstatSync(folder);
      if (stats.isDirectory() && stats.uid === uid) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by another process, or not ours to remove: left.
    }
  }
}
