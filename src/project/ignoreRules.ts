/**
 * Git's exclusion rules, as `git ls-files --others --exclude-standard` applies them: `.git/info/exclude`,
 * then a `.gitignore` per folder, where a deeper file overrides a shallower one and, within a file, the
 * last matching pattern wins. Each folder's patterns match paths relative to that folder.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { OUTLINE_SIZE_LIMIT, readRegularFile } from './files.js';

interface RuleSet {
  /** The folder the patterns are relative to, relative to the project ('' for the root). */
  readonly base: string;
  readonly rules: Ignore;
  /** The file's lines, for `ownVerdict`. */
  readonly lines: readonly string[];
  /** One matcher per line, last line first, built on first use by `ownVerdict`. */
  probes?: readonly Probe[];
}

interface Probe {
  readonly negative: boolean;
  /** Holds the line as a negative pattern: it unignores exactly what the line matches. */
  readonly matcher: Ignore;
}

type Verdict = { readonly ignored: boolean; readonly unignored: boolean };

/**
 * The rule sets in force in one folder, shallowest first. Immutable: a subfolder extends its
 * parent's. A folder's `.gitignore` is read and compiled when its rules are first applied: a walk
 * read back from the index lists again only the folders that changed, and most rules are never applied.
 */
export class IgnoreRules {
  private made: readonly RuleSet[] | undefined;

  private constructor(private readonly make: () => readonly RuleSet[]) {}

  private get sets(): readonly RuleSet[] {
    return (this.made ??= this.make());
  }

  /** The rules at the project root: `.git/info/exclude`, then the root `.gitignore`. */
  static atRoot(projectRoot: string): IgnoreRules {
    return new IgnoreRules(() => {
      const exclude = readExclude(projectRoot);
      return exclude === undefined ? [] : [ruleSet('', exclude)];
    }).enter(projectRoot, '');
  }

  /** The rules inside `folder` (relative to the project), adding its `.gitignore` if it has one. */
  enter(projectRoot: string, folder: string): IgnoreRules {
    return new IgnoreRules(() => {
      // Like git, a .gitignore that is a symbolic link is not read (nor followed out of the project).
      const patterns = readPatterns(path.join(projectRoot, folder, '.gitignore'));
      return patterns === undefined ? this.sets : [...this.sets, ruleSet(folder, patterns)];
    });
  }

  /**
   * Whether an entry of a folder these rules belong to is excluded. The deepest rule set with a
   * pattern that matches the entry decides. Callers never descend into excluded folders, so a parent
   * folder that a set excludes was re-included by a deeper set; below it, that set's verdict is what
   * its patterns say of the entry itself (`ownVerdict`), which is how git, which tests each entry of
   * a folder it entered against every set, behaves.
   */
  excludes(relative: string, isDirectory: boolean): boolean {
    for (let i = this.sets.length - 1; i >= 0; i--) {
      const set = this.sets[i]!;
      const local = set.base === '' ? relative : relative.slice(set.base.length + 1);
      const tested = isDirectory ? local + '/' : local;
      let verdict: Verdict = set.rules.test(tested);
      if (verdict.ignored && isParentVerdict(set.rules, local)) verdict = ownVerdict(set, tested);
      if (verdict.unignored) return false;
      if (verdict.ignored) return true;
    }
    return false;
  }
}

/** True when the set excludes one of the entry's folders, so `test` answers for that folder instead. */
function isParentVerdict(rules: Ignore, local: string): boolean {
  const slash = local.lastIndexOf('/');
  return slash > 0 && rules.test(local.slice(0, slash) + '/').ignored;
}

/**
 * What a set's own patterns say of an entry, whatever they say of its folders: the last line that
 * matches it. `ignore` offers no such test, so each line is held alone as a negative pattern, which
 * never excludes a folder and so unignores exactly the paths the line matches.
 */
function ownVerdict(set: RuleSet, tested: string): Verdict {
  set.probes ??= set.lines
    .filter((line) => !line.startsWith('#'))
    .map((line) => ({ negative: line.startsWith('!'), matcher: compile(line.startsWith('!') ? line : '!' + line) }))
    .reverse();
  const probe = set.probes.find((candidate) => candidate.matcher.test(tested).unignored);
  return { ignored: probe !== undefined && !probe.negative, unignored: probe?.negative === true };
}

function ruleSet(base: string, patterns: string): RuleSet {
  // Lines as git splits them: a byte order mark at the start dropped, CR LF or LF.
  const lines = patterns.replace(/^\uFEFF/, '').split(/\r?\n/);
  return { base, rules: compile(patterns), lines };
}

function compile(patterns: string): Ignore {
  // Git on Linux matches case-sensitively; `ignore` would not by default.
  return ignore({ ignorecase: false }).add(patterns);
}

/**
 * `.git/info/exclude`, unless a link is on its way: through one it could lie outside the project,
 * and nothing outside is read (nor is a `.gitignore` that is a link).
 */
function readExclude(projectRoot: string): string | undefined {
  const info = path.join(projectRoot, '.git', 'info');
  try {
    if (realpathSync(info) !== info) return undefined;
  } catch {
    return undefined; // No such folder (or `.git` is a file, as in a git worktree), or not searchable.
  }
  return readPatterns(path.join(info, 'exclude'));
}

/** A file of patterns, not read through a link. */
function readPatterns(file: string): string | undefined {
  try {
    const read = readRegularFile(file, OUTLINE_SIZE_LIMIT, { followLinks: false });
    return read.kind === 'text' ? read.bytes.toString('utf8') : undefined;
  } catch {
    return undefined; // No such file, a link (not followed), or not readable: no patterns.
  }
}
