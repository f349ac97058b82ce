/**
 * `find_references {name, path?}`: lines that use a name as a whole word, case-sensitively, in every
 * searched file — a text search, as `rg -w -F -s` would do it.
 */
import { pathFilter } from '../project/pathFilter.js';
import type { Project } from '../project/project.js';
import { searchableFiles } from '../project/searchable.js';
import { shownLineAround } from '../text/lines.js';
import { wholeWordLines } from '../text/wholeWord.js';

export const MAX_REFERENCE_LINES = 80;

export async function findReferences(project: Project, args: { name: string; path?: string }): Promise<string> {
  const shown: string[] = [];
  let more = false;
  search: for (const file of searchableFiles(project, pathFilter(args.path))) {
    for (const match of wholeWordLines(file.bytes, args.name)) {
      if (shown.length === MAX_REFERENCE_LINES) {
        more = true;
        break search;
      }
      shown.push(`${file.relative}:${match.line}: ${shownLineAround(match.text, match.column)}`);
    }
  }
  if (shown.length === 0) return `No references to ${args.name}.`;
  if (more) shown.push('… more; narrow it with path');
  return shown.join('\n');
}
