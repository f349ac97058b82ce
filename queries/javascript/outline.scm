; JavaScript and JSX outline (the JavaScript grammar: no TypeScript node types here).
; Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Order matters: where two patterns capture the same node, the earlier one wins, so the specific
; patterns (a variable holding a function or a class) come before the general top-level const.

; The functions are in common.scm, read first.

; --- classes -------------------------------------------------------------------------------------

(class_declaration name: (identifier) @class.name) @class
(export_statement "default" @class.name value: (class !name) @class)
; `const Foo = class { … }`
(variable_declarator name: (identifier) @class.name value: (class)) @class

; Members are methods wherever the class stands (an anonymous class expression too).
(class_body (method_definition name: (_) @method.name) @method)
(class_body
  (field_definition
    property: (_) @method.name
    value: [(arrow_function) (function_expression) (generator_function)]) @method)

; --- constants -----------------------------------------------------------------------------------

; A `const` of the file, whatever its value (a function or a class was taken above); not `let`/`var`,
; not a const inside a function. `const x = require('x')` is an import.
(program
  [
    (lexical_declaration kind: "const"
      (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const)
    (export_statement declaration: (lexical_declaration kind: "const"
      (variable_declarator name: (identifier) @const.name value: (_)? @_value) @const))
  ]
  (#not-match? @_value "^require\\s*\\("))
