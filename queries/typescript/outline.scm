; TypeScript and TSX outline (one query serves both grammars: no JSX node types here).
; Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Order matters: where two patterns capture the same node, the earlier one wins, so the specific
; patterns (a variable holding a function or a class) come before the general top-level const.

; --- functions -----------------------------------------------------------------------------------

(function_declaration name: (identifier) @function.name) @function
(generator_function_declaration name: (identifier) @function.name) @function
; `declare function f(): T;`, overload signatures, functions of a `declare module`.
(function_signature name: (identifier) @function.name) @function

; `const|let|var f = () => …`, `= function …`, `= function* …`, also in parentheses: anywhere (top level, exported, in a
; function body, in a namespace).
(variable_declarator
  name: (identifier) @function.name
  value: [
    (arrow_function) (function_expression) (generator_function)
    (parenthesized_expression [(arrow_function) (function_expression) (generator_function)])
  ]) @function

; `export default function () {}` and `export default () => …`: named `default`.
(export_statement
  "default" @function.name
  value: [(arrow_function) (function_expression !name) (generator_function !name)] @function)

; CommonJS: `exports.f = function …` and `module.exports.f = () => …`.
(assignment_expression
  left: (member_expression
    object: [
      (identifier) @_exports
      (member_expression object: (identifier) @_module property: (property_identifier) @_exports)
    ]
    property: (property_identifier) @function.name)
  right: [(arrow_function) (function_expression) (generator_function)]
  (#eq? @_exports "exports")
  (#eq? @_module "module")) @function

; `Type.prototype.m = function …`: method `Type.m`.
(assignment_expression
  left: (member_expression
    object: (member_expression
      object: (identifier) @method.scope
      property: (property_identifier) @_prototype)
    property: (property_identifier) @method.name)
  right: [(arrow_function) (function_expression) (generator_function)]
  (#eq? @_prototype "prototype")) @method

; `Type.m = function …` on a capitalised name (a constructor or class: a static method): `Type.m`.
; Lower-case objects are left out: `el.onclick = () => …` is a callback, not a declaration.
(assignment_expression
  left: (member_expression
    object: (identifier) @method.scope
    property: (property_identifier) @method.name)
  right: [(arrow_function) (function_expression) (generator_function)]
  (#match? @method.scope "^[A-Z]")) @method

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
