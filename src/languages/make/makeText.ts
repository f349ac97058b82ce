/**
 * Makefile text as tree-sitter-make can read it, every offset kept. The grammar takes each line
 * that begins with a tab for a line of a recipe, reads `X?=y` as a variable named `X?`, and loses
 * its way in some recipes (`$(foreach d,$(DIRS),$(MAKE) -C $(d);)` turns the rest of the file into
 * an error). An outline needs nothing of a recipe but where it is. So, before the parse:
 * - a recipe's lines are read as blank after their tab (and the lines a `\` continues them on, whole);
 * - an assignment or a conditional directive outside a recipe has the tabs of its indentation read as
 *   spaces (in a conditional: `ifdef X⏎\tCC = gcc`);
 * - the `?` of a `?=` written against the name reads as a space (`X =y`: still an assignment).
 * A recipe is the lines after a rule's line that begin with a tab, with the blank lines, comments
 * and conditional directives among them, as make reads them; a `define … endef` body is left as
 * it is, and so are the lines a `\` continues another line on.
 */

/** A rule's line: targets, then `:` or `::` that is no assignment's `:=` or `::=`. */
const RULE = /^[^\t#\s=][^=]*?(?<!:):(?![:=])|^[^\t#\s=][^=]*?::(?!=)/;
const DIRECTIVE = /^[ \t]*(?:ifeq|ifneq|ifdef|ifndef|else|endif)\b/;
const DEFINE = /^[ \t]*(?:(?:override|export)[ \t]+)?define\b/;
const ENDEF = /^[ \t]*endef\b/;
const ASSIGNMENT = /^[ \t]*(?:(?:export|override|private)[ \t]+)*[A-Za-z_][\w.-]*[ \t]*(?:[:?+!]|::)?=/;
const GLUED_CONDITIONAL = /^([ \t]*[A-Za-z_][\w.-]*)\?=/;

const blank = (text: string) => ' '.repeat(text.length);
/** Indented with spaces only: a tab anywhere in a line's indentation starts a recipe line for the grammar. */
const unindented = (line: string) => line.replace(/^[ \t]+/, blank);

export function makeText(text: string): string {
  let inRecipe = false;
  let inDefine = false;
  /** Whether the line before ended with `\`, and whether it was a recipe's. */
  let continued: 'recipe' | 'other' | undefined;
  return text.split('\n').map((line) => {
    const before = continued;
    const read = readLine(line, before);
    continued = line.endsWith('\\') ? (before ?? (line.startsWith('\t') && inRecipe ? 'recipe' : 'other')) : undefined;
    return read;
  }).join('\n');

  function readLine(line: string, before: 'recipe' | 'other' | undefined): string {
    if (before !== undefined) return before === 'recipe' ? blank(line) : line;
    if (inDefine) {
      inDefine = !ENDEF.test(line);
      return line;
    }
    if (line.trim() === '' || line.trimStart().startsWith('#')) return line;
    if (line.startsWith('\t') && inRecipe) return `\t${blank(line.slice(1))}`;
    if (DIRECTIVE.test(line)) return unindented(line);
    if (ASSIGNMENT.test(line)) {
      inRecipe = false;
      return unindented(line).replace(GLUED_CONDITIONAL, '$1 =');
    }
    if (line.startsWith('\t')) return line;
    inDefine = DEFINE.test(line);
    inRecipe = !inDefine && RULE.test(line);
    return line.replace(GLUED_CONDITIONAL, '$1 =');
  }
}
