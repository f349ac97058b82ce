; Python outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; A decorated class or def is the `definition` of a `decorated_definition`: capturing the inner node
; keeps the reported line on the name, not on the decorator.

(class_definition name: (identifier) @class.name) @class

; def and async def: a function, or a method directly inside a class (the engine decides).
(function_definition name: (identifier) @function.name) @function

; type X = … and type X[T] = … (Python 3.12), anywhere.
(type_alias_statement . (type [(identifier) @type.name (generic_type . (identifier) @type.name)])) @type

; Module-level names: statements of the module itself, or of an if/try/with/for/while block at module
; level (the nodes holding the block have no `name` field; a def or class has one). Each name is an
; entry whose range is the name itself (an assignment holds no declarations to nest).
;
; `X: TypeAlias = …` (PEP 613) is a type. It comes before the constants: the first pattern wins.
(module
  (expression_statement
    (assignment
      left: (identifier) @type @type.name
      type: (type [(identifier) @_alias (attribute attribute: (identifier) @_alias)])
      (#eq? @_alias "TypeAlias"))))
(module
  (_ !name
    (block
      (expression_statement
        (assignment
          left: (identifier) @type @type.name
          type: (type [(identifier) @_alias (attribute attribute: (identifier) @_alias)])
          (#eq? @_alias "TypeAlias"))))))
(module
  (_ !name
    (_ !name
      (block
        (expression_statement
          (assignment
            left: (identifier) @type @type.name
            type: (type [(identifier) @_alias (attribute attribute: (identifier) @_alias)])
            (#eq? @_alias "TypeAlias")))))))

; ALL_CAPS = …, ALL_CAPS: int = …, ALL_CAPS: Final[int] (a stub's constant), A = B = …, A, B = ….
(module
  (expression_statement
    [
      (assignment left: (identifier) @const @const.name)
      (assignment left: [(pattern_list (identifier) @const @const.name) (tuple_pattern (identifier) @const @const.name)])
      (assignment right: (assignment left: (identifier) @const @const.name))
      (assignment right: (assignment right: (assignment left: (identifier) @const @const.name)))
    ]
    (#match? @const.name "^[A-Z][A-Z0-9_]*$")))
(module
  (_ !name
    (block
      (expression_statement
        [
          (assignment left: (identifier) @const @const.name)
          (assignment left: [(pattern_list (identifier) @const @const.name) (tuple_pattern (identifier) @const @const.name)])
          (assignment right: (assignment left: (identifier) @const @const.name))
          (assignment right: (assignment right: (assignment left: (identifier) @const @const.name)))
        ]
        (#match? @const.name "^[A-Z][A-Z0-9_]*$")))))
(module
  (_ !name
    (_ !name
      (block
        (expression_statement
          [
            (assignment left: (identifier) @const @const.name)
            (assignment left: [(pattern_list (identifier) @const @const.name) (tuple_pattern (identifier) @const @const.name)])
            (assignment right: (assignment left: (identifier) @const @const.name))
            (assignment right: (assignment right: (assignment left: (identifier) @const @const.name)))
          ]
          (#match? @const.name "^[A-Z][A-Z0-9_]*$"))))))
