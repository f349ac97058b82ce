; Gleam outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: functions, `pub` or not, with a body or without one (an `@external` function, whose
; `@external(…)` lines open its range), and the `external fn` of Gleam before v0.30 (functions);
; custom types, `opaque` or not, with their constructors nested under them, types without
; constructors (`pub type Dict(k, v)`, the old `external type`) and type aliases (types); a
; constructor that takes arguments is a function (`Some(a)`, called as one), one that takes none a
; constant (`None`, a value of its type); `const` and `pub const` (consts). What a deprecated
; `if erlang { … }` target group holds is listed as if written outside it. Not listed: record
; fields (the constructor's line shows them), imports, anything of a function's body (`let`, `use`,
; anonymous functions; Gleam has no named function in a body).

(function name: (identifier) @function.name) @function
(external_function name: (identifier) @function.name) @function

[
  (type_definition (type_name name: (type_identifier) @type.name))
  (type_alias (type_name name: (type_identifier) @type.name))
  (external_type (type_name name: (type_identifier) @type.name))
] @type

; A constructor with arguments first: the first pattern that captures a node wins.
(data_constructor
  name: (constructor_name) @function.name
  arguments: (data_constructor_arguments (data_constructor_argument))) @function
; The last constructor of a type, its arguments being typed (`Rect(width: Float, height:`): the
; grammar leaves them in an ERROR after the constructors.
(type_definition
  (data_constructors (data_constructor name: (constructor_name) @function.name) @function .)
  . (ERROR . "("))
(data_constructor name: (constructor_name) @const.name) @const

(constant name: (identifier) @const.name) @const
