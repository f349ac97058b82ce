; Rust outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Attributes and doc comments are siblings before an item, not part of it; the line is the name's.

; fn, with or without a body (trait methods, extern blocks). The engine shows one directly inside
; an impl or trait as a method; one inside a function stays a function, nested. Closures have no
; name and are not listed.
(function_item name: (identifier) @function.name) @function
(function_signature_item name: (identifier) @function.name) @function

(struct_item name: (type_identifier) @struct.name) @struct
(enum_item name: (type_identifier) @enum.name) @enum
(union_item name: (type_identifier) @union.name) @union
(trait_item name: (type_identifier) @trait.name) @trait

; type aliases, and associated types declared in a trait (`type Item;`)
(type_item name: (type_identifier) @type.name) @type
(associated_type name: (type_identifier) @type.name) @type

; const and static, at any level (also associated consts in impls and traits). `const _: () = …`
; is a compile-time check that names nothing: not listed.
((const_item name: (identifier) @const.name) @const
  (#not-eq? @const.name "_"))
(static_item name: (identifier) @const.name) @const

; mod with a body, and `mod name;` (a module declared in another file)
(mod_item name: (identifier) @module.name) @module

; macro_rules!
(macro_definition name: (identifier) @macro.name) @macro

; impl blocks. `impl Trait for Type` → "Trait for Type", `impl Type` → "Type". Generic arguments
; are dropped from a generic trait or type (`impl From<u8> for Foo<T>` → "From for Foo"), a path
; is kept (`fmt::Display`); any other type (`&'a T`, `[T]`, `(A, B)`, `dyn Any`, `fn(u8)`) is
; written as in the source. Where several patterns match one impl, the first wins, so the patterns
; that strip generic arguments come before the general ones.
(impl_item
  trait: (generic_type type: (_) @impl.name)
  "for" @impl.name
  type: (generic_type type: (_) @impl.name)) @impl
(impl_item
  trait: (generic_type type: (_) @impl.name)
  "for" @impl.name
  type: (_) @impl.name) @impl
(impl_item
  trait: (_) @impl.name
  "for" @impl.name
  type: (generic_type type: (_) @impl.name)) @impl
(impl_item
  trait: (_) @impl.name
  "for" @impl.name
  type: (_) @impl.name) @impl
(impl_item
  !trait
  type: (generic_type type: (_) @impl.name)) @impl
(impl_item
  !trait
  type: (_) @impl.name) @impl
