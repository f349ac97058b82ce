/**
 * Where captured nodes stand in their tree: the type of their parent (for `#has-parent?`) and the
 * row of the first attribute just before them (for a declaration's first row).
 *
 * Found in one walk that enters only the nodes holding a wanted node. Asking a node for its parent or
 * its previous sibling costs its depth (tree-sitter finds them from the root down), which made a
 * file of nested definitions cost the square of their depth.
 */
import type { Language, Node } from 'web-tree-sitter';

export interface NodePlace {
  /** The parent's type. */
  readonly parentType: string;
  /**
   * The row of the first of the attributes or decorators just before the node, comments between
   * them skipped; undefined where there are none.
   */
  readonly attributeRow: number | undefined;
}

/** Nodes that attach to the declaration after them (`#[derive(…)]`, `@decorator`); not a module's own (`#![…]`, `@file:…`). */
const ATTRIBUTE = /^(?!inner_|file_).*(?:attribute|decorator|annotation)/;
export const COMMENT = /comment/;

const NOT_SPECIAL = 0;
const IS_ATTRIBUTE = 1;
const IS_COMMENT = 2;

interface GrammarKinds {
  /** Each node type, by id: an attribute, a comment, or neither. */
  readonly kinds: Uint8Array;
  /** Whether any type is an attribute (Go has none: its declarations need no look at what is before them). */
  readonly hasAttributes: boolean;
}

const kindsByLanguage = new WeakMap<Language, GrammarKinds>();

/** What each node type of a grammar is, found once a grammar. */
function grammarKinds(language: Language): GrammarKinds {
  let known = kindsByLanguage.get(language);
  if (known === undefined) {
    const kinds = new Uint8Array(language.nodeTypeCount);
    for (let id = 0; id < language.nodeTypeCount; id++) {
      const type = language.nodeTypeForId(id) ?? '';
      kinds[id] = ATTRIBUTE.test(type) ? IS_ATTRIBUTE : COMMENT.test(type) ? IS_COMMENT : NOT_SPECIAL;
    }
    known = { kinds, hasAttributes: kinds.includes(IS_ATTRIBUTE) };
    kindsByLanguage.set(language, known);
  }
  return known;
}

/** Whether a grammar has a node type of an attribute. */
export function hasAttributes(language: Language): boolean {
  return grammarKinds(language).hasAttributes;
}

/**
 * The place of each wanted node, by node id; the root has none. It visits every child of the nodes
 * it enters, and enters only those that hold a wanted node's start: a loop with its own stack, not
 * recursion, as trees nest 100,000 deep.
 */
export function nodePlaces(root: Node, wanted: readonly Node[]): Map<number, NodePlace> {
  const places = new Map<number, NodePlace>();
  if (wanted.length === 0) return places;
  const ids = new Set(wanted.map((node) => node.id));
  const starts = Float64Array.from(wanted, (node) => node.startIndex).sort();
  const { kinds } = grammarKinds(root.tree.language);
  const cursor = root.walk();
  try {
    // The children of each node entered: their parent's type, and the first attribute of the run before the next.
    const levels: { parentType: string; attributeRow: number | undefined }[] = [{ parentType: cursor.nodeType, attributeRow: undefined }];
    if (!cursor.gotoFirstChild()) return places;
    for (;;) {
      const level = levels[levels.length - 1]!;
      const id = cursor.nodeId;
      if (ids.has(id)) places.set(id, { parentType: level.parentType, attributeRow: level.attributeRow });
      if (cursor.nodeIsNamed) {
        const kind = kinds[cursor.nodeTypeId];
        if (kind === IS_ATTRIBUTE) level.attributeRow ??= cursor.startPosition.row;
        else if (kind !== IS_COMMENT) level.attributeRow = undefined;
      }
      if (holdsAStart(starts, cursor.startIndex, cursor.endIndex)) {
        const parentType = cursor.nodeType;
        if (cursor.gotoFirstChild()) {
          levels.push({ parentType, attributeRow: undefined });
          continue;
        }
      }
      while (!cursor.gotoNextSibling()) {
        levels.pop();
        if (levels.length === 0 || !cursor.gotoParent()) return places;
      }
    }
  } finally {
    cursor.delete();
  }
}

/** Whether some start in the sorted `starts` lies in [start, end]. */
function holdsAStart(starts: Float64Array, start: number, end: number): boolean {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! < start) low = middle + 1;
    else high = middle;
  }
  return low < starts.length && starts[low]! <= end;
}
