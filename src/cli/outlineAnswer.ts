/** A file's outline as `zumba outline` prints it: the tool's text, with ranges, or JSON lines. */
import { answerOf, type Answer } from '../tools/answer.js';
import { fileOutline, outline, type OutlineSource } from '../tools/outline.js';
import { definitionLine } from './jsonLines.js';

export type OutlineFormat = 'text' | 'ranges' | 'json';

/** The answer for one file; in JSON, every entry (the text's cap is for agents), none for a file that declares nothing. */
export function outlineAnswer(source: OutlineSource, path: string, format: OutlineFormat): Promise<Answer> {
  return answerOf('outline', async () => {
    if (format !== 'json') return outline(source, { path, ranges: format === 'ranges' });
    const { relative, definitions } = await fileOutline(source, path);
    return definitions.map((definition) => definitionLine(relative, definition)).join('\n');
  });
}
