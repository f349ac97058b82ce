; Bash outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Text inside a heredoc or a string is not code and declares nothing.

; `name() { … }`, `function name { … }`, `function name() { … }`, also with a `( … )` body; a
; function defined inside another nests in it.
(function_definition name: (_) @function.name) @function

; Read-only variables given a value: `readonly NAME=…`, `declare -r NAME=…`, `typeset -r NAME=…`
; (any flags holding `r`: `-gr`, `-rx`), each name its own entry, wherever they stand. `local -r`
; is a function's local and not listed, nor `readonly NAME` without a value, nor other variables.
(declaration_command "readonly"
  (variable_assignment name: (variable_name) @const.name) @const)
((declaration_command ["declare" "typeset"] (word) @_flags
  (variable_assignment name: (variable_name) @const.name) @const)
  (#match? @_flags "^-[A-Za-z]*r"))
