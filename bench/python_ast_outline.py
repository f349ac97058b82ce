"""Reference outline for bench/accuracy.ts: Python's own parser (`ast`) on each file.

usage: python3 python_ast_outline.py FILE...      (or `-` alone: the file names, one a line, on stdin)

Prints one JSON object a line. For each class, def and async def, at any depth:
  {"file": F, "line": N, "endLine": N, "name": NAME, "kind": "class"|"def"|"async def",
   "parent": NAME|null, "parentKind": "class"|"def"|"async def"|null}
where `line` is `node.lineno` (the `def`/`class` line, not a decorator's, since Python 3.8),
`endLine` is `node.end_lineno` (the last line of its last statement), and
`parent` is the closest enclosing class or def. A file `ast` cannot parse gives one
{"file": F, "error": MESSAGE} instead.
"""
import ast
import json
import sys
import warnings

KINDS = {ast.ClassDef: "class", ast.FunctionDef: "def", ast.AsyncFunctionDef: "async def"}


def definitions(tree):
    """(node, kind, parent node, parent kind) for every definition, in source order."""
    stack = [(tree, None, None)]
    found = []
    while stack:
        node, parent, parent_kind = stack.pop()
        kind = KINDS.get(type(node))
        if kind is not None:
            found.append((node, kind, parent, parent_kind))
            parent, parent_kind = node, kind
        for child in reversed(list(ast.iter_child_nodes(node))):
            stack.append((child, parent, parent_kind))
    return found


def outline(path):
    with open(path, "rb") as source:
        tree = ast.parse(source.read(), filename=path)
    for node, kind, parent, parent_kind in definitions(tree):
        yield {
            "file": path,
            "line": node.lineno,
            "endLine": node.end_lineno,
            "name": node.name,
            "kind": kind,
            "parent": None if parent is None else parent.name,
            "parentKind": parent_kind,
        }


def file_names(arguments):
    if arguments == ["-"]:
        return [line.rstrip("\n") for line in sys.stdin if line.strip()]
    return arguments


def main():
    warnings.simplefilter("ignore")  # SyntaxWarning (invalid escapes, …) is not what we measure.
    out = sys.stdout
    for path in file_names(sys.argv[1:]):
        try:
            for entry in outline(path):
                out.write(json.dumps(entry) + "\n")
        except (SyntaxError, ValueError, OSError, RecursionError) as error:
            out.write(json.dumps({"file": path, "error": f"{type(error).__name__}: {error}"}) + "\n")


if __name__ == "__main__":
    main()
