; Patterns JavaScript and TypeScript share (TypeScript's grammar extends JavaScript's): read before
; each language's own file (see grammars/languages.json). Captures: see queries/README.md.

; --- functions -----------------------------------------------------------------------------------

(function_declaration name: (identifier) @function.name) @function
(generator_function_declaration name: (identifier) @function.name) @function

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
