; Erlang outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: the module of `-module(name).` (holding the whole file, as ctags scopes a file's functions
; in it); functions, one entry a clause on its line (the grammar reads each clause as a declaration
; of its own, and ctags lists each); records (structs), `-type` and `-opaque` (types), `-define`
; (macros). Not listed: specs, callbacks, exports, funs.

(source_file (module_attribute name: (atom) @module.name)) @module

(fun_decl clause: (function_clause name: (atom) @function.name)) @function
(record_decl name: (atom) @struct.name) @struct
[
  (type_alias name: (type_name name: (atom) @type.name))
  (opaque name: (type_name name: (atom) @type.name))
] @type
(pp_define lhs: (macro_lhs name: (_) @macro.name)) @macro
