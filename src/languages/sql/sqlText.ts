/**
 * SQL text as tree-sitter-sql can read it, every offset kept. The grammar knows a part of each
 * dialect: not `CREATE PROCEDURE`, `CREATE OPERATOR CLASS` or `CREATE CAST`, nor much of PL/pgSQL,
 * nor a PostgreSQL extension script's `@extschema@.name`; and a statement it cannot read can take
 * the ones after it. An outline needs only the statements that declare what it lists. So, before
 * the parse:
 * - every statement but `CREATE [OR REPLACE] [TEMP|UNLOGGED] TABLE|VIEW|MATERIALIZED VIEW|FUNCTION|
 *   PROCEDURE|TYPE` reads as blank, its `;` too;
 * - what a dollar quote holds (`AS $$ … $$`, `$body$ … $body$`) reads as blank;
 * - `PROCEDURE` reads as `FUNCTION ` (a procedure is listed as a function);
 * - a placeholder `@name@` reads as `_name_`.
 * Newlines are kept. Statements end at a `;` outside quotes, comments and dollar quotes, and at the
 * end of a line holding a psql command (`\\echo …`, read as blank with its statement).
 */

const TOKENS = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$([A-Za-z_]\w*)?\$[\s\S]*?\$\1\$|;|^[ \t]*\\[^\n]*/gm;
const LISTED = /^(?:\s|--[^\n]*|\/\*[\s\S]*?\*\/)*CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:GLOBAL|LOCAL)\s+)?(?:TEMP(?:ORARY)?\s+|UNLOGGED\s+)?(?:TABLE|VIEW|MATERIALIZED\s+VIEW|FUNCTION|PROCEDURE|TYPE)\b/i;
const PROCEDURE = /^((?:\s|--[^\n]*|\/\*[\s\S]*?\*\/)*CREATE\s+(?:OR\s+REPLACE\s+)?)(PROCEDURE)\b/i;
const PLACEHOLDER = /@([A-Za-z_]\w*)@/g;

const blank = (text: string) => text.replace(/[^\n]/g, ' ');

export function sqlText(text: string): string {
  const out: string[] = [];
  let start = 0;
  let bodies: [number, number][] = [];
  const statement = (end: number) => {
    const source = text.slice(start, end);
    if (!LISTED.test(source)) out.push(blank(source));
    else {
      let kept = source;
      for (const [from, to] of bodies) kept = kept.slice(0, from - start) + blank(kept.slice(from - start, to - start)) + kept.slice(to - start);
      out.push(kept.replace(PROCEDURE, (_all, create: string, word: string) => `${create}${word === word.toLowerCase() ? 'function ' : 'FUNCTION '}`).replace(PLACEHOLDER, '_$1_'));
    }
    bodies = [];
  };
  for (const match of text.matchAll(TOKENS)) {
    const token = match[0];
    if (token === ';' || token.trimStart().startsWith('\\')) {
      statement(match.index + token.length);
      start = match.index + token.length;
    } else if (token.startsWith('$')) {
      const quote = `$${match[1] ?? ''}$`.length;
      bodies.push([match.index + quote, match.index + token.length - quote]);
    }
  }
  statement(text.length);
  return out.join('');
}
