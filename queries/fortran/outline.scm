; Fortran outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: programs, modules, submodules and block data (modules, holding what they contain);
; functions, subroutines and separate module procedures (`module procedure name`: functions), at any
; depth, so a module's or a procedure's `contains` part nests in it, and those an interface block
; declares; named interfaces (generic names, `operator(+)`, `assignment(=)`: interfaces), holding
; what they declare; derived types (`type … end type`: structs) with their type-bound procedures
; (`procedure`, `generic`, `final` bindings: methods). Not listed: variables and parameters, type
; components, enums (they have no name), entry points, common blocks, namelists.

(program (program_statement (name) @module.name)) @module
(module (module_statement (name) @module.name)) @module
(submodule (submodule_statement (name) @module.name)) @module
(block_data (block_data_statement (name) @module.name)) @module

(function (function_statement name: (name) @function.name)) @function
(subroutine (subroutine_statement name: (name) @function.name)) @function
(module_procedure (module_procedure_statement name: (name) @function.name)) @function

(interface (interface_statement [(name) (operator) (assignment)] @interface.name)) @interface

(derived_type_definition (derived_type_statement (type_name) @struct.name)) @struct
; One entry a name, on the name, as `procedure :: a, b` binds two.
(derived_type_procedures (procedure_statement declarator: (method_name) @method.name @method))
(derived_type_procedures (procedure_statement declarator: (binding (binding_name (_) @method.name)) @method))
(derived_type_procedures (generic_statement declarator: (binding_list (binding_name (_) @method.name)) @method))
(derived_type_procedures (final_statement declarator: (method_name) @method.name @method))

; Being typed: a module whose statements the grammar cannot all read leaves them in an ERROR, which
; then stands for the module, so that what it holds still nests in it.
(ERROR (module_statement (name) @module.name)) @module
