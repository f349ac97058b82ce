; TypeScript and TSX outline (one query serves both grammars: no JSX node types here).
; Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Order matters: where two patterns capture the same node, the earlier one wins, so the specific
; patterns (a variable holding a function or a class) come before the general top-level const.

; The functions JavaScript has too are in ../javascript/common.scm, read first.

; `declare function f(): T;`, overload signatures, functions of a `declare module`.
(function_signature name: (identifier) @function.name) @function

; --- classes -------------------------------------------------------------------------------------

(class_declaration name: (type_identifier) @class.name) @class
(abstract_class_declaration name: (type_identifier) @class.name) @class
(export_statement "default" @class.name value: (class !name) @class)
; `const Foo = class { … }`
(variable_declarator name: (identifier) @class.name value: (class)) @class

; Members are methods wherever the class stands (an anonymous class expression too).
(class_body (method_definition name: (_) @method.name) @method)
(class_body (method_signature name: (_) @method.name) @method)
(class_body (abstract_method_signature name: (_) @method.name) @method)
(class_body
  (public_field_definition
    name: (_) @method.name
    value: [(arrow_function) (function_expression) (generator_function)]) @method)

; --- types ---------------------------------------------------------------------------------------

(interface_declaration name: (type_identifier) @interface.name) @interface
(interface_body (method_signature name: (_) @method.name) @method)

(type_alias_declaration name: (type_identifier) @type.name) @type

(enum_declaration name: (identifier) @enum.name) @enum

; --- namespaces and modules ----------------------------------------------------------------------

; `namespace A.B` (the name as written), `module M`, `declare module 'pkg'`.
(internal_module name: (_) @module.name) @module
(module name: (_) @module.name) @module
(ambient_declaration "global" @module.name) @module

; --- constants -----------------------------------------------------------------------------------

; A `const` of the file or of a namespace body, whatever its value (a function or a class was taken
; above); not `let`/`var`, not a const inside a function. `const x = require('x')` is an import.
(program
  [
    (lexical_declaration kind: "const"
      (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const)
    (export_statement declaration: (lexical_declaration kind: "const"
      (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const))
    (ambient_declaration (lexical_declaration kind: "const"
      (variable_declarator name: (identifier) @const.name) @const))
    (export_statement declaration: (ambient_declaration (lexical_declaration kind: "const"
      (variable_declarator name: (identifier) @const.name) @const)))
  ]
  (#not-match? @_value "^require\\s*\\("))

((internal_module body: (statement_block
    [
      (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const)
      (export_statement declaration: (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const))
      (ambient_declaration (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name) @const))
      (export_statement declaration: (ambient_declaration (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name) @const)))
    ]))
  (#not-match? @_value "^require\\s*\\("))

((module body: (statement_block
    [
      (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const)
      (export_statement declaration: (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const))
      (ambient_declaration (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name) @const))
      (export_statement declaration: (ambient_declaration (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name) @const)))
    ]))
  (#not-match? @_value "^require\\s*\\("))

((ambient_declaration "global" (statement_block
    [
      (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const)
      (export_statement declaration: (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const))
      (ambient_declaration (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name) @const))
      (export_statement declaration: (ambient_declaration (lexical_declaration kind: "const"
        (variable_declarator name: (identifier) @const.name) @const)))
    ]))
  (#not-match? @_value "^require\\s*\\("))
