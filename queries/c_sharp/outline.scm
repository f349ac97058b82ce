; C# outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Attributes (`[Fact]`) and modifiers sit inside the declaration node; the line is the name's.
; Properties, indexers, events, fields other than `const`, operators, destructors and enum members
; are not listed.

; namespace A.B { … } and the file-scoped `namespace A.B;`, whose node holds the rest of the file,
; so the types after it nest inside. The name as written.
(namespace_declaration name: (_) @module.name) @module
(file_scoped_namespace_declaration name: (_) @module.name) @module

; Types. A record is a class; `record struct` (also `readonly record struct`) a struct.
(class_declaration name: (identifier) @class.name) @class
(record_declaration name: (identifier) @class.name) @class
(record_struct_declaration name: (identifier) @struct.name) @struct
(struct_declaration name: (identifier) @struct.name) @struct
(interface_declaration name: (identifier) @interface.name) @interface
(enum_declaration name: (identifier) @enum.name) @enum
(delegate_declaration name: (identifier) @type.name) @type

; Methods and constructors are methods wherever they stand (an interface's members too). A
; constructor is named by its type. An explicit interface implementation is named as written
; without type arguments: `void IDisposable.Dispose()` → "IDisposable.Dispose".
(method_declaration
  (explicit_interface_specifier [
    (identifier) @method.scope
    (qualified_name) @method.scope
    (generic_name (identifier) @method.scope)
  ])
  name: (identifier) @method.name) @method
(method_declaration name: (identifier) @method.name) @method
(constructor_declaration name: (identifier) @method.name) @method

; Local functions, in a method or in top-level statements.
(local_function_statement name: (identifier) @function.name) @function

; `const` fields, each name its own entry; and the constants of top-level statements. Not the
; `const` locals of a method.
(field_declaration (modifier "const")
  (variable_declaration (variable_declarator (identifier) @const.name) @const))
(global_statement (local_declaration_statement (modifier "const")
  (variable_declaration (variable_declarator (identifier) @const.name) @const)))
