; OCaml outline, of implementations (.ml) and interfaces (.mli): the two grammars share their node
; types, and this one query. Captures: @<kind> on the declaration, @<kind>.name on its name (see
; queries/README.md).
;
; Listed: modules and functors (`module M = struct … end`, `module F (X : S) = …`, `module M : sig
; … end`, each of `module rec A … and B …`) and module types, as modules; each type of `type a = …
; and b = …` and each exception, as a type; `let` bindings of a structure (the file's or a
; module's), each of `let rec f … and g …`: a function where it takes parameters or its value is a
; `fun` or `function`, else a constant; `external` primitives, as functions; `val` in a signature,
; a function where its type is an arrow, else a constant; classes, class types (interfaces) and
; their methods. Not listed: local `let … in`, variant constructors and record fields (members of
; their type, as a struct's fields are not listed), instance variables, `type t += …` (constructors
; added to a type defined elsewhere), `open` and `include`, `let () = …` and `let _ = …`.

; --- modules -------------------------------------------------------------------------------------

; Where a module, a type or an exception is declared: in a structure or a signature (or an error
; in one), not in an expression (`let module M = … in`, `let exception E in`).
((module_definition (module_binding (module_name) @module.name) @module) @_definition
  (#has-parent? @_definition compilation_unit structure signature ERROR))
((module_type_definition (module_type_name) @module.name) @module
  (#has-parent? @module compilation_unit structure signature ERROR))

; --- types ---------------------------------------------------------------------------------------

((type_definition (type_binding name: (type_constructor) @type.name) @type) @_definition
  (#has-parent? @_definition compilation_unit structure signature ERROR))
((exception_definition (constructor_declaration (constructor_name) @type.name)) @type
  (#has-parent? @type compilation_unit structure signature ERROR))

; --- values --------------------------------------------------------------------------------------

; A binding of a structure: `let f x = …`, `let f (type a) …`, `let f = fun x -> …`, `let f =
; function … | …`, and an operator, always a function, named without its parentheses (`let ( +++ )
; = List.append` is `+++`, `let ( .%{} ) = …` is `.%`).
((value_definition
  (let_binding pattern: (value_name) @function.name [(parameter) (abstract_type)]) @function) @_let
  (#has-parent? @_let compilation_unit structure))
((value_definition
  (let_binding pattern: (parenthesized_operator "."? @function.name . (_) @function.name)) @function) @_let
  (#has-parent? @_let compilation_unit structure))
((value_definition
  (let_binding
    pattern: (value_name) @function.name
    body: [(fun_expression) (function_expression)]) @function) @_let
  (#has-parent? @_let compilation_unit structure))
((value_definition
  (let_binding pattern: (value_name) @const.name) @const) @_let
  (#has-parent? @_let compilation_unit structure)
  (#not-eq? @const.name "_"))
; `let x, y = …`: each name.
((value_definition
  (let_binding pattern: [(tuple_pattern (value_name) @const @const.name) (parenthesized_pattern (tuple_pattern (value_name) @const @const.name))])) @_let
  (#has-parent? @_let compilation_unit structure))

(external [(value_name) @function.name (parenthesized_operator "."? @function.name . (_) @function.name)]) @function
(value_specification [(value_name) @function.name (parenthesized_operator "."? @function.name . (_) @function.name)] type: (function_type)) @function
(value_specification [(value_name) @const.name (parenthesized_operator "."? @const.name . (_) @const.name)]) @const

; --- classes -------------------------------------------------------------------------------------

(class_binding (class_name) @class.name) @class
(class_type_binding (class_type_name) @interface.name) @interface
; Methods, of a class or of an immediate object (`object method m = … end`).
(method_definition (method_name) @method.name) @method
(method_specification (method_name) @method.name) @method

; --- recovery ------------------------------------------------------------------------------------

; A specification being typed can leave the ones after it in an ERROR, as loose tokens: a `val`
; there is an entry of its own line (the `val` is captured: uncaptured, only the error's first
; `val` would match).
(ERROR "val" @_val . [(value_name) @function @function.name (parenthesized_operator "."? @function.name . (_) @function.name)])
