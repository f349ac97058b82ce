; Elm outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Lists the module, `type` and `type alias` (as type), ports and top-level values and functions (as
; function, on the line of the definition, not of its type annotation), and infix operators as
; written (`(<|)`). Union constructors, imports, record fields and `let` bindings are not listed.
; A file is one module: its entry spans the module's header, and the declarations stand beside it.

(module_declaration name: (_) @module.name) @module
(type_declaration name: (_) @type.name) @type
(type_alias_declaration name: (_) @type.name) @type
(port_annotation name: (_) @function.name) @function
((value_declaration (function_declaration_left . (lower_case_identifier) @function.name)) @function
  (#has-parent? @function file))
(infix_declaration "(" @function.name operator: (_) @function.name ")" @function.name) @function
