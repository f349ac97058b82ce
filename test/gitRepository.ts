/** Git repositories for the tests: a command run in one, and one made of given files, committed. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, realpathSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { temporaryFolder } from './hostile.js';

/** An hour ago: files so old are no recent change, to git or to zumba. */
export const PAST = Date.now() / 1000 - 3600;

/** Runs git in `cwd` as a committer of its own; its stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=zumba', '-c', 'user.email=zumba@example.com', ...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** A repository of these files in a temporary folder (its real path), committed, their times an hour back. */
export function committedRepository(files: Record<string, string>): string {
  const root = realpathSync(temporaryFolder());
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    utimesSync(file, PAST, PAST);
  }
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'files');
  return root;
}
