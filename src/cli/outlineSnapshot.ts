/**
 * `zumba outline --snapshot FILE [--update] <file|glob>...`, for CI: the outlines held against a
 * snapshot committed beside the code (what `zumba outline` printed when it was written). Different:
 * the unified diff on stdout (snapshot `-`, outlines now `+`), exit 1. `--update` writes the
 * outlines as the snapshot instead. The snapshot's own file is never among the files outlined.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, isMissing, type ProjectRoots } from '../project/paths.js';
import { unifiedDiff } from '../text/unifiedDiff.js';

export interface Snapshot {
  /** As given, relative to the current folder. */
  readonly file: string;
  readonly update: boolean;
}

/** Whether a file of the project (relative to it) is the snapshot itself. */
export function isSnapshot(project: ProjectRoots, relative: string, snapshot: Snapshot): boolean {
  return path.resolve(project.root, relative) === path.resolve(snapshot.file);
}

/** Writes the snapshot (with --update), or holds the outlines against it: true when they are the same, or it was written. */
export function compareWithSnapshot(snapshot: Snapshot, outlines: string): boolean {
  if (snapshot.update) return write(snapshot.file, outlines);
  let expected: string;
  try {
    expected = readFileSync(snapshot.file, 'utf8');
  } catch (error) {
    process.stderr.write(isMissing(error) ? `zumba: no snapshot at ${snapshot.file}; write it with --update\n` : `zumba: cannot read the snapshot ${snapshot.file}: ${describe(error)}\n`);
    return false;
  }
  if (expected === outlines) return true;
  process.stdout.write(unifiedDiff(`${snapshot.file} (snapshot)`, 'outlines now', expected, outlines));
  process.stderr.write(`zumba: the outlines differ from ${snapshot.file} (diff above); if that is meant, rewrite it with --update\n`);
  return false;
}

/** Written beside it and renamed over it: a reader never sees half a snapshot. */
function write(file: string, outlines: string): boolean {
  const partial = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial`);
  try {
    writeFileSync(partial, outlines);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    process.stderr.write(`zumba: cannot write the snapshot ${file}: ${describe(error)}\n`);
    return false;
  }
  process.stderr.write(`zumba: wrote ${file}\n`);
  return true;
}
