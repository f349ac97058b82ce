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

; --- tests ---------------------------------------------------------------------------------------

; Jest, Vitest, Mocha, Jasmine, node:test and Playwright declare tests by calls: `describe("…", () => {…})`
; is a suite, `it("…", …)` and `test("…", …)` tests, named by their description (a string, a
; template literal, or the constant or class written there), and holding what their callback
; declares. Their modifiers (`.only`, `.skip`, `.concurrent`, Playwright's `test.describe.serial`,
; …) and the tables of `.each(…)(…)`, `.each`…`(…)` and Vitest's `.skipIf(…)(…)` and `.for(…)(…)` keep them
; tests. A call without a function among its arguments (`test(value)`, `it.todo("…")`) is not one.
(call_expression
  function: [(identifier) @_callee (member_expression) @_callee (call_expression function: (member_expression) @_callee)]
  arguments: (_ . [(string) (template_string) (identifier) (member_expression)] @suite.name [(arrow_function) (function_expression)])
  (#match? @_callee "^(describe|suite|context|fdescribe|xdescribe|test\\.describe)(\\.(only|skip|serial|parallel|fixme|concurrent|sequential|shuffle))*(\\.(each|skipIf|runIf|for))?$")) @suite
(call_expression
  function: [(identifier) @_callee (member_expression) @_callee (call_expression function: (member_expression) @_callee)]
  arguments: (_ . [(string) (template_string) (identifier) (member_expression)] @test.name [(arrow_function) (function_expression)])
  (#match? @_callee "^(it|test|specify|fit|xit|xtest)(\\.(only|skip|concurrent|sequential|failing|fails|fixme|slow|fail))*(\\.(each|skipIf|runIf|for))?$")) @test
