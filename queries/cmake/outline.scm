; CMake outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: `function()` (functions) and `macro()` (macros) with their bodies; the targets of
; `add_library`, `add_executable` and `add_custom_target` (modules), and `project()` (a module),
; named by their first argument as written (`${name}` too); `option()` (consts). Commands are
; matched in lower case or capitals, as projects write them. Not listed: `set()` variables,
; imported and alias targets' own properties, `include()`.

(function_def (function_command (argument_list . (argument) @function.name))) @function
(macro_def (macro_command (argument_list . (argument) @macro.name))) @macro

((normal_command (identifier) @_command (argument_list . (argument) @module.name)) @module
  (#match? @_command "^(add_library|add_executable|add_custom_target|project|ADD_LIBRARY|ADD_EXECUTABLE|ADD_CUSTOM_TARGET|PROJECT)$"))
((normal_command (identifier) @_command (argument_list . (argument) @const.name)) @const
  (#match? @_command "^(option|OPTION)$"))

; Being typed: a `function(` or `macro(` whose parenthesis does not close yet, its name first.
(ERROR (function) . "(" . (argument_list . (argument) @function @function.name))
(ERROR (macro) . "(" . (argument_list . (argument) @macro @macro.name))
