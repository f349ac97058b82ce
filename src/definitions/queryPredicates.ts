/**
 * The predicates the engine adds to those web-tree-sitter applies (`#match?`, `#eq?`, `#any-of?`
 * and their negations):
 * - `(#has-parent? @capture type…)`, true when the captured node's parent is of one of the types,
 *   as in Neovim's queries. A pattern rooted at a declaration that asks for its parent runs several
 *   times faster than one rooted at the parent, whose unfinished match is carried past every node
 *   under it.
 * - `(#strip! @kind.name "regex")`, a directive: the name is the captured text with every match of
 *   the regular expression taken out (HTML's heading `<h2>Get <em>started</em></h2>` with `<[^>]*>`
 *   is `Get started`).
 */
import type { Node, Query, QueryMatch } from 'web-tree-sitter';

export interface ParentTest {
  readonly capture: string;
  readonly types: ReadonlySet<string>;
}

export interface NameStrip {
  readonly capture: string;
  /** Global, so that every match is taken out. */
  readonly pattern: RegExp;
}

/** What the engine does with one pattern's matches beyond tree-sitter's own predicates. */
export interface PatternRules {
  readonly parents: readonly ParentTest[];
  readonly strips: readonly NameStrip[];
}

/** For each pattern of a query, its rules; an Error naming a predicate the engine does not know, or one written wrong. */
export function patternRules(query: Query): PatternRules[] | Error {
  const rules: PatternRules[] = [];
  for (let pattern = 0; pattern < query.patternCount(); pattern++) {
    const parents: ParentTest[] = [];
    const strips: NameStrip[] = [];
    for (const { operator, operands } of query.predicatesForPattern(pattern)) {
      const [capture, ...rest] = operands;
      const strings = rest.flatMap((operand) => (operand.type === 'string' ? [operand.value] : []));
      if (operator === 'has-parent?') {
        if (capture?.type !== 'capture' || strings.length === 0 || strings.length < rest.length) {
          return new Error('#has-parent? takes a capture, then one or more node types');
        }
        parents.push({ capture: capture.name, types: new Set(strings) });
      } else if (operator === 'strip!') {
        if (capture?.type !== 'capture' || !capture.name.endsWith('.name') || rest.length !== 1 || strings.length !== 1) {
          return new Error('#strip! takes a name capture (@kind.name), then one regular expression');
        }
        const pattern = regExpOf(strings[0]!);
        if (pattern instanceof Error) return pattern;
        strips.push({ capture: capture.name, pattern });
      } else {
        return new Error(`unknown predicate #${operator}`);
      }
    }
    rules.push({ parents, strips });
  }
  return rules;
}

function regExpOf(source: string): RegExp | Error {
  try {
    return new RegExp(source, 'g');
  } catch (error) {
    return new Error(`#strip!: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Whether a match passes its pattern's parent tests; `parentTypeOf` gives a captured node's parent's
 * type (undefined for the root), found for all matches at once (nodePlaces.ts).
 */
export function passesParentTests(
  match: QueryMatch,
  rules: readonly PatternRules[],
  parentTypeOf: (node: Node) => string | undefined,
): boolean {
  return (rules[match.patternIndex]?.parents ?? []).every(({ capture, types }) =>
    match.captures.some(({ name, node }) => {
      if (name !== capture) return false;
      const parentType = parentTypeOf(node);
      return parentType !== undefined && types.has(parentType);
    }),
  );
}

/** The regular expression a match's pattern strips from a name capture, if any. */
export function stripOf(match: QueryMatch, rules: readonly PatternRules[], capture: string): RegExp | undefined {
  return rules[match.patternIndex]?.strips.find((strip) => strip.capture === capture)?.pattern;
}
