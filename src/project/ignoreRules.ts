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
  /** What the set's own patterns say of a path (its folders' verdicts left out). */
  readonly verdictOf: (tested: string) => Verdict;
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
   * Whether an entry of a folder these rules belong to is excluded: as git decides it, by the
   * deepest rule set with a pattern that matches the entry's own path, that set's last matching
   * pattern. Its folders are not tested: callers never descend into an excluded folder, so none of
   * them is excluded (a set may match one that a deeper set re-included, and git then goes by what
   * the set says of the entry itself, as this does).
   */
  excludes(relative: string, isDirectory: boolean): boolean {
    for (let i = this.sets.length - 1; i >= 0; i--) {
      const set = this.sets[i]!;
      const local = set.base === '' ? relative : relative.slice(set.base.length + 1);
      const verdict = set.verdictOf(isDirectory ? local + '/' : local);
      if (verdict.unignored) return false;
      if (verdict.ignored) return true;
    }
    return false;
  }
}

function ruleSet(base: string, patterns: string): RuleSet {
  // Git on Linux matches case-sensitively; `ignore` would not by default.
  return { base, verdictOf: ownVerdicts(ignore({ ignorecase: false }).add(patterns)) };
}

/**
 * A test of one path against a set's patterns alone: the last that matches it. `ignore`'s public
 * `test` also tests each of the path's folders, and keeps every path it was asked in a cache of its
 * own: on a walk of the Linux kernel's 78,000 files that was two thirds of the time spent matching,
 * for folders never excluded (see `excludes`). The rule list's own test (`RuleManager.test` of the
 * pinned 7.0.16) is what `test` ends in. Most paths match no pattern at all, and one regular
 * expression of all the patterns tells so at once (`anyPatternMatches`); the list is scanned only
 * for a path it matches. Internals not found where that version has them are an error, not a
 * silent change.
 */
function ownVerdicts(rules: Ignore): (tested: string) => Verdict {
  const list = (rules as unknown as { _rules?: Partial<RuleList> })._rules;
  if (list === undefined || typeof list.test !== 'function' || !Array.isArray(list._rules) || !list._rules.every(isCompiledRule)) {
    throw new Error("the 'ignore' package's rules are not where its version 7.0.16 has them: pin that version");
  }
  const scan = list.test.bind(list);
  const mayMatch = anyPatternMatches(list._rules);
  return (tested) => (mayMatch(tested) ? scan(tested, 'regex') : NO_VERDICT);
}

/** What `ownVerdicts` uses of `ignore`'s rule list. */
interface RuleList {
  test(path: string, mode: 'regex'): Verdict;
  readonly _rules: readonly CompiledRule[];
}

interface CompiledRule {
  /** Matches the paths the pattern matches (a folder's with a `/` at its end). */
  readonly regex: RegExp;
  /** A pattern with no `/` but at its end, which matches a path's last segment alone, and gives the same answer on the whole path. */
  readonly _basenameOnly: boolean;
}

function isCompiledRule(rule: unknown): rule is CompiledRule {
  const { regex, _basenameOnly } = rule as Partial<CompiledRule>;
  return regex instanceof RegExp && typeof _basenameOnly === 'boolean';
}

const NO_VERDICT: Verdict = { ignored: false, unignored: false };

/**
 * Whether some pattern of the list matches a path: the patterns' expressions as alternatives of one,
 * those of a last segment tried on the path's last segment (as the scan tries them), the rest on the
 * path. Where one could not be joined to the others as it is (a flag, or `\1`, which would refer to
 * another's group), every path is scanned. Patterns of a last segment that are a literal name, or a
 * literal end or start of one (`Makefile`, `*.o`, `cscope.*`), are told by comparing strings: a kernel
 * root `.gitignore` has some 60 of them, and as alternatives of one expression each backtracked over
 * every name, which took most of a walk of its 78,000 files.
 */
function anyPatternMatches(rules: readonly CompiledRule[]): (tested: string) => boolean {
  if (rules.some(({ regex }) => regex.flags !== '' || /\\[1-9]/.test(regex.source))) return () => true;
  const joined = (some: readonly CompiledRule[]) => (some.length === 0 ? undefined : new RegExp(some.map(({ regex }) => `(?:${regex.source})`).join('|')));
  const literal = new LiteralNames();
  const otherNames: CompiledRule[] = [];
  for (const rule of rules) if (rule._basenameOnly && !literal.add(rule.regex.source)) otherNames.push(rule);
  const byName = joined(otherNames);
  const byPath = joined(rules.filter((rule) => !rule._basenameOnly));
  return (tested) => {
    if (byPath !== undefined && byPath.test(tested)) return true;
    const name = entryName(tested);
    return literal.matches(name.endsWith('/') ? name.slice(0, -1) : name) || (byName !== undefined && byName.test(name));
  };
}

/**
 * The patterns of a last segment that are a whole name, its end or its start, as `ignore` 7.0.16
 * writes their expressions: `(?:^|\/)` before the literal, `(?=$|\/$)` after it, and `[^\/]*` before
 * (an end) or `[^/]*` after it (a start). The literal is what stands between, its escapes undone:
 * only characters that are not a pattern's own, or such a character escaped.
 */
class LiteralNames {
  private readonly whole = new Set<string>();
  /** Ends by their last character: a name is compared only with those it could be. */
  private readonly endsByLast = new Map<string, string[]>();
  private readonly starts: string[] = [];

  /** Takes the pattern of this expression if it is one of a literal; false when it is not. */
  add(source: string): boolean {
    const shape = LITERAL_PATTERN.exec(source);
    if (shape === null) return false;
    const [, before, escaped, after] = shape;
    if (before !== undefined && after !== undefined) return false;
    const text = escaped!.replace(/\\(.)/g, '$1');
    if (before !== undefined) this.endsEndingIn(text.slice(-1)).push(text);
    else if (after !== undefined) this.starts.push(text);
    else this.whole.add(text);
    return true;
  }

  private endsEndingIn(last: string): string[] {
    let ends = this.endsByLast.get(last);
    if (ends === undefined) this.endsByLast.set(last, (ends = []));
    return ends;
  }

  /** Whether one of the patterns matches a name (a folder's without its `/`). */
  matches(name: string): boolean {
    if (this.whole.has(name)) return true;
    for (const end of this.endsByLast.get(name.slice(-1)) ?? NO_ENDS) if (name.endsWith(end)) return true;
    for (const start of this.starts) if (name.startsWith(start)) return true;
    return false;
  }
}

const NO_ENDS: readonly string[] = [];

/** See `LiteralNames`: an optional `[^\/]*`, a literal (no character an expression gives a meaning, or one escaped), an optional `[^/]*`. */
const LITERAL_PATTERN = /^\(\?:\^\|\\\/\)(\[\^\\\/\]\*)?((?:\\[^A-Za-z0-9]|[^\\^$.|?*+()[\]{}\/])+)(\[\^\\?\/\]\*)?\(\?=\$\|\\\/\$\)$/;

/** A path's last segment, a folder's `/` at its end kept (`a/b/` → `b/`), as `ignore` hands it to a pattern of one. */
function entryName(tested: string): string {
  const end = tested.endsWith('/') ? tested.length - 2 : tested.length - 1;
  return tested.slice(tested.lastIndexOf('/', end) + 1);
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
