/**
 * The one predicate the engine adds to those web-tree-sitter applies (`#match?`, `#eq?`,
 * `#any-of?` and their negations): `(#has-parent? @capture type…)`, true when the captured node's
 * parent is of one of the types, as in Neovim's queries. A pattern rooted at a declaration that
 * asks for its parent runs several times faster than one rooted at the parent, whose unfinished
 * match is carried past every node under it.
 */
import type { Node, Query, QueryMatch } from 'web-tree-sitter';

export interface ParentTest {
  readonly capture: string;
  readonly types: ReadonlySet<string>;
}

/** For each pattern of a query, its parent tests; an Error naming a predicate the engine does not know. */
export function parentTests(query: Query): ParentTest[][] | Error {
  const tests: ParentTest[][] = [];
  for (let pattern = 0; pattern < query.patternCount(); pattern++) {
    const own: ParentTest[] = [];
    for (const { operator, operands } of query.predicatesForPattern(pattern)) {
      if (operator !== 'has-parent?') return new Error(`unknown predicate #${operator}`);
      const [capture, ...types] = operands;
      const names = types.flatMap((type) => (type.type === 'string' ? [type.value] : []));
      if (capture?.type !== 'capture' || names.length === 0 || names.length < types.length) {
        return new Error('#has-parent? takes a capture, then one or more node types');
      }
      own.push({ capture: capture.name, types: new Set(names) });
    }
    tests.push(own);
  }
  return tests;
}

/**
 * Whether a match passes its pattern's parent tests; `parentTypeOf` gives a captured node's parent's
 * type (undefined for the root), found for all matches at once (nodePlaces.ts).
 */
export function passesParentTests(
  match: QueryMatch,
  tests: readonly (readonly ParentTest[])[],
  parentTypeOf: (node: Node) => string | undefined,
): boolean {
  return (tests[match.patternIndex] ?? []).every(({ capture, types }) =>
    match.captures.some(({ name, node }) => {
      if (name !== capture) return false;
      const parentType = parentTypeOf(node);
      return parentType !== undefined && types.has(parentType);
    }),
  );
}
