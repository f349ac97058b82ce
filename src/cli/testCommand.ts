/**
 * `zumba test [--update] [DIR...]`: runs the golden cases of query packs laid out as this package
 * is (`DIR/grammars/languages.json`, `DIR/queries/<language>/`, cases in
 * `DIR/test/fixtures/outline/<language>/`), each pack with its languages as `--queries DIR` loads
 * them; without DIR, this package's own cases. A failure prints its unified diff (expected `-`,
 * actual `+`), or why its language could not run it; the last line is `N passed, N failed`.
 * Exit 0 when all pass, 1 when one fails. `--update` writes what the outlines are now as the
 * expectations of the failing cases (and says that they must now be read).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CacheOptions } from '../index/index.js';
import { CASES_FOLDER, goldenCases, passed, rewriteExpectations, runCase, type CaseResult } from '../goldens/goldenCases.js';
import { PACKAGE_ROOT } from '../packageRoot.js';
import { openProject } from '../session/project.js';
import { unifiedDiff } from '../text/unifiedDiff.js';
import { UsageError } from './usageError.js';

export async function testCommand(packs: readonly string[], update: boolean, cache: CacheOptions): Promise<number> {
  const runs = (packs.length === 0 ? [{ pack: PACKAGE_ROOT, languageRoots: [] }] : packs.map((pack) => ({ pack, languageRoots: [pack] }))).map((run) => ({ ...run, cases: casesFolder(run.pack) }));
  let passes = 0;
  let failures = 0;
  /** Failing cases whose expectations --update rewrote, and the files it wrote. */
  let updated = 0;
  const rewritten: string[] = [];
  for (const { languageRoots, cases } of runs) {
    const project = openProject(cases, { languageRoots, ...cache });
    for (const golden of goldenCases(cases)) {
      const result = await runCase(project, golden);
      if (passed(result)) {
        passes++;
        continue;
      }
      failures++;
      process.stdout.write(failureReport(path.join(path.relative(process.cwd(), cases) || '.', golden.relative), result));
      if (!update || result.problem !== undefined) continue;
      updated++;
      rewritten.push(...rewriteExpectations(cases, result).map((file) => path.join(cases, file)));
    }
  }
  if (rewritten.length > 0) {
    process.stdout.write(`\nRewrote ${rewritten.length} expectation${rewritten.length === 1 ? '' : 's'} with what the outlines are now:\n`);
    for (const file of rewritten) process.stdout.write(`  ${path.relative(process.cwd(), file)}\n`);
    process.stdout.write('Read each one before you commit it: it says what the queries do, not what they should do.\n\n');
  }
  process.stdout.write(`${passes} passed, ${failures} failed\n`);
  // After --update, only the cases that could not be rewritten (a grammar that does not load) still fail.
  return failures - updated === 0 ? 0 : 1;
}

/** The cases folder of a pack; bad usage when the pack or its cases are not there. */
function casesFolder(pack: string): string {
  if (!existsSync(pack) || !statSync(pack).isDirectory()) throw new UsageError(`test: no such folder: ${pack}`);
  const cases = path.resolve(pack, CASES_FOLDER);
  if (!existsSync(cases) || !statSync(cases).isDirectory()) throw new UsageError(`test: ${pack} has no cases: they go in ${path.join(pack, CASES_FOLDER, '<language>')}/`);
  return cases;
}

/** `FAIL <case>`, then why: the diff of each expectation that differs, or the problem that kept the case from running. */
function failureReport(shown: string, result: CaseResult): string {
  const lines = [`FAIL ${shown}`];
  if (result.problem !== undefined) lines.push(`  ${result.problem}`);
  for (const check of result.checks) {
    if (check.expected === check.actual) continue;
    if (check.expected === undefined) lines.push(`  no ${path.basename(check.expectation)}: write the outline you expect there (or run with --update, and read it)`);
    lines.push(unifiedDiff(`${check.expectation} (expected)`, `${check.expectation.replace(/\.(outline|ranges)$/, '')} (outline now)`, check.expected ?? '', check.actual).trimEnd());
  }
  return `${lines.join('\n')}\n\n`;
}
