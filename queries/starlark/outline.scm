; Starlark outline (Bazel `BUILD` and `.bzl` files, read with the Python grammar). Captures: @<kind>
; on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: targets, a rule called with a `name` string (`cc_library(name = "greet", …)`: a module
; named `greet`); `def` (functions, nested); and top-level assignments: of `rule(…)`, `macro(…)`,
; `repository_rule(…)` or `aspect(…)` (functions: a BUILD file calls them), of `provider(…)`
; (types), and of anything else (consts). Not listed: `load`, `package`, targets a comprehension
; or a loop makes (their names are computed).

((expression_statement
  (call arguments: (argument_list (keyword_argument name: (identifier) @_key value: (string (string_content) @module.name))))) @module
  (#eq? @_key "name"))

(function_definition name: (identifier) @function.name) @function

((expression_statement (assignment left: (identifier) @function.name right: (call function: (identifier) @_call))) @function
  (#has-parent? @function module)
  (#any-of? @_call "rule" "macro" "repository_rule" "aspect" "module_extension"))
((expression_statement (assignment left: (identifier) @type.name right: (call function: (identifier) @_call))) @type
  (#has-parent? @type module)
  (#eq? @_call "provider"))
((expression_statement (assignment left: (identifier) @const.name)) @const
  (#has-parent? @const module))
