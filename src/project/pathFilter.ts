/**
 * The `path` argument of the search tools: comma-separated globs. A glob without `/` matches a name at
 * any depth (`*.rs`, or a folder name such as `tests`); one with `/` matches from the project root
 * (`src/**`); a glob naming a folder takes everything below it; `!glob` excludes.
 */
import picomatch from 'picomatch';

export type PathFilter = (relative: string) => boolean;

/** Globs that cannot be compiled; the message is for the user. */
export class GlobError extends Error {
  override name = 'GlobError';
}

const OPTIONS = { dot: true } as const;

export function pathFilter(globs: string | undefined): PathFilter {
  const patterns = splitGlobs(globs ?? '');
  const includes = patterns.filter((p) => !p.startsWith('!'));
  const excludes = patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1));
  const included = includes.length === 0 ? () => true : matcher(includes);
  const excluded = excludes.length === 0 ? () => false : matcher(excludes);
  return (relative) => included(relative) && !excluded(relative);
}

/** Splits on commas outside braces, so `*.{ts,tsx}` stays one glob. */
function splitGlobs(globs: string): string[] {
  const pieces: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of globs) {
    if (c === '{') depth++;
    else if (c === '}' && depth > 0) depth--;
    if (c === ',' && depth === 0) {
      pieces.push(current);
      current = '';
    } else current += c;
  }
  pieces.push(current);
  return pieces.map((p) => p.trim()).filter((p) => p !== '' && p !== '!');
}

function matcher(globs: readonly string[]): PathFilter {
  try {
    return picomatch(globs.flatMap(expand), OPTIONS);
  } catch (error) {
    // picomatch refuses a glob over 64 KB: a bad argument, not a failure of the tool.
    throw new GlobError(`Invalid path glob: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** One user glob as the picomatch patterns that give it the meaning described above. */
function expand(glob: string): string[] {
  const trimmed = glob.replace(/^\.\//, '').replace(/\/+$/, '');
  if (trimmed.startsWith('/')) {
    const anchored = trimmed.slice(1);
    return [anchored, `${anchored}/**`];
  }
  if (!trimmed.includes('/')) return [`**/${trimmed}`, `**/${trimmed}/**`];
  return [trimmed, `${trimmed}/**`];
}
