; Rust outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).

(function_item name: (identifier) @function.name) @function
(function_signature_item name: (identifier) @function.name) @function

(struct_item name: (type_identifier) @struct.name) @struct
(enum_item name: (type_identifier) @enum.name) @enum
(union_item name: (type_identifier) @union.name) @union
(trait_item name: (type_identifier) @trait.name) @trait
(type_item name: (type_identifier) @type.name) @type
(const_item name: (identifier) @const.name) @const
(static_item name: (identifier) @const.name) @const
(mod_item name: (identifier) @module.name) @module
(macro_definition name: (identifier) @macro.name) @macro

; impl Trait for Type → "Trait for Type"; impl Type → "Type"; generic arguments dropped.
(impl_item
  trait: [
    (type_identifier) @impl.name
    (scoped_type_identifier) @impl.name
    (generic_type type: (_) @impl.name)
  ]?
  "for"? @impl.name
  type: [
    (type_identifier) @impl.name
    (scoped_type_identifier) @impl.name
    (generic_type type: (_) @impl.name)
    (primitive_type) @impl.name
    (reference_type) @impl.name
    (tuple_type) @impl.name
    (array_type) @impl.name
    (pointer_type) @impl.name
  ]) @impl
