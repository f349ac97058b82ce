/**
 * `zumba outline [--budget N] [--focus NAME|PATH]... [--ranges | --json] <folder>`: a folder's map,
 * the text the outline tool gives for it; or with `--json`, one JSON line a file shown (its path and
 * the entries the map keeps of it, as outline's JSON lines write them), then `{"more": N}` where the
 * budget left files out.
 */
import type { Project } from '../session/project.js';
import { answerOf } from '../tools/answer.js';
import { folderMap, type MapArguments } from '../tools/folderMap.js';
import { mapText } from '../map/render.js';
import { entryOf } from './jsonLines.js';
import type { OutlineFormat } from './outlineAnswer.js';
import { progressLine } from './progressLine.js';

export async function mapCommand(project: Project, args: MapArguments, format: OutlineFormat): Promise<number> {
  const line = progressLine('mapping', { keep: false });
  const result = await answerOf('outline', async () => {
    const map = await folderMap(project, args, line === undefined ? {} : { progress: line.show });
    if (typeof map === 'string') return format === 'json' ? '' : map;
    if (format !== 'json') return mapText(map, format === 'ranges');
    const lines = map.files.map((file) => JSON.stringify({ path: file.relative, definitions: file.definitions.map(entryOf) }));
    if (map.rest > 0) lines.push(JSON.stringify({ more: map.rest }));
    return lines.join('\n');
  });
  line?.end();
  if (result.text !== '') (result.isError ? process.stderr : process.stdout).write(result.text + '\n');
  return result.isError ? 1 : 0;
}
