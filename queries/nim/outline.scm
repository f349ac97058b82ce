; Nim outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: `proc`, `func`, `iterator` and `converter` (functions), `method` (methods), `template` and
; `macro` (macros), at any depth; types: objects (`object`, `ref object`: structs), enums, and other
; types; `const` names (consts). Names are written without their export marker (`area*` → `area`).
; Not listed: `let` and `var`, object fields, enum values, imports.

[
  (proc_declaration name: [(identifier) @function.name (exported_symbol (identifier) @function.name)])
  (func_declaration name: [(identifier) @function.name (exported_symbol (identifier) @function.name)])
  (iterator_declaration name: [(identifier) @function.name (exported_symbol (identifier) @function.name)])
  (converter_declaration name: [(identifier) @function.name (exported_symbol (identifier) @function.name)])
] @function
(method_declaration name: [(identifier) @method.name (exported_symbol (identifier) @method.name)]) @method
[
  (template_declaration name: [(identifier) @macro.name (exported_symbol (identifier) @macro.name)])
  (macro_declaration name: [(identifier) @macro.name (exported_symbol (identifier) @macro.name)])
] @macro

(type_declaration (type_symbol_declaration name: [(identifier) @struct.name (exported_symbol (identifier) @struct.name)]) [(object_declaration) (ref_type (object_declaration)) (pointer_type (object_declaration))]) @struct
(type_declaration (type_symbol_declaration name: [(identifier) @enum.name (exported_symbol (identifier) @enum.name)]) (enum_declaration)) @enum
(type_declaration (type_symbol_declaration name: [(identifier) @type.name (exported_symbol (identifier) @type.name)])) @type

(const_section (variable_declaration (symbol_declaration_list (symbol_declaration name: [(identifier) @const.name (exported_symbol (identifier) @const.name)]))) @const)
