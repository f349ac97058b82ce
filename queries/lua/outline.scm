; Lua outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Lists named functions at any depth, each named as written: `function f`, `local function f`,
; `function M.a.b()` ("M.a.b"), `function M:m()` ("M:m"), and a function given to a name, a field or
; a table constructor's key (`local f = function`, `M.x = function`, `{ k = function`,
; `{ ["k"] = function`). Anonymous functions (callbacks, `pcall(function() … end)`), tables,
; variables and `require`s are not listed. ctags's names are the same; Lua has no types to nest in,
; so functions nest only in functions.

(function_declaration name: (_) @function.name) @function

; `a = function`, `local a = function`: the first name given the first value (`local a, b = f, g` is rare).
; A key computed by a call or a function (`t[f(x)] = function`) names nothing.
(assignment_statement
  (variable_list . name: [
    (identifier)
    (dot_index_expression)
    (bracket_index_expression field: [(string) (number) (identifier) (dot_index_expression)])] @function.name)
  (expression_list . value: (function_definition))) @function

; Table constructor keys; `[k] = function` keeps its brackets, as written. It comes first: the first pattern wins.
(field "[" @function.name name: [(string) (number) (identifier) (dot_index_expression)] @function.name "]" @function.name
  value: (function_definition)) @function
(field name: (identifier) @function.name value: (function_definition)) @function

; busted (and plenary's test harness): `describe("…", function() … end)` is a suite, `it("…", …)`
; and `test` tests, named by their string, holding what their function declares.
(function_call
  name: (identifier) @_call
  arguments: (arguments . (string) @suite.name (function_definition))
  (#any-of? @_call "describe" "context" "insulate" "expose")) @suite
(function_call
  name: (identifier) @_call
  arguments: (arguments . (string) @test.name (function_definition))
  (#any-of? @_call "it" "test" "spec")) @test
