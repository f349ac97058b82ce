; Solidity outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: contracts (classes, abstract ones too) holding their members, interfaces, libraries
; (modules); functions (methods in a contract or interface), constructors (named `constructor`),
; modifiers (macros), structs, enums, events and errors (types), `constant` state variables (consts).
; Not listed: other state variables, `fallback` and `receive`, using-for directives, imports.

(contract_declaration name: (identifier) @class.name) @class
(interface_declaration name: (identifier) @interface.name) @interface
(library_declaration name: (identifier) @module.name) @module
(function_definition name: (identifier) @function.name) @function
(constructor_definition "constructor" @function.name) @function
(modifier_definition name: (identifier) @macro.name) @macro
(struct_declaration name: (identifier) @struct.name) @struct
(enum_declaration name: (identifier) @enum.name) @enum
[
  (event_definition name: (identifier) @type.name)
  (error_declaration name: (identifier) @type.name)
] @type
(state_variable_declaration "constant" name: (identifier) @const.name) @const
