; GraphQL outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: object types (classes), interfaces, enums, input types (structs), unions, scalars (types),
; directives (macros), `extend type …` and the other extensions (extensions, named by the type they
; extend), named operations (functions: `query GetUser`) and fragments (types). Not listed: fields,
; arguments, enum values, the schema definition, anonymous operations.

(object_type_definition (name) @class.name) @class
(interface_type_definition (name) @interface.name) @interface
(enum_type_definition (name) @enum.name) @enum
(input_object_type_definition (name) @struct.name) @struct
(union_type_definition (name) @union.name) @union
(scalar_type_definition (name) @type.name) @type
(directive_definition (name) @macro.name) @macro
(type_extension (_ (name) @extension.name)) @extension
(operation_definition (name) @function.name) @function
(fragment_definition (fragment_name (name) @type.name)) @type
