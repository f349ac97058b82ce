/**
 * A line that only names a type whose definition is elsewhere (`struct task_struct;`,
 * `class QString;`): it defines nothing. The grammar's outline query lists a struct, union, enum or
 * class only with its body; where a region does not parse, the keyword scanner's reading of such a
 * line is left out of the outline likewise (`recovery.ts`), and find_symbol's test of where a name
 * may be defined passes over it (`src/definitions/definitionSites.ts`): a kernel header names
 * `struct task_struct;` far more often than one defines it.
 */
const FORWARD_DECLARATION = /^\s*(?:struct|union|enum|class)\s+[A-Za-z_$][\w$]*\s*;/;

export function isForwardDeclaration(line: string): boolean {
  return FORWARD_DECLARATION.test(line);
}
