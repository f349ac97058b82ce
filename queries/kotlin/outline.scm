; Kotlin outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Annotations and modifiers sit inside the declaration node, in `modifiers`: the reported line is
; the name's. This grammar has no field names, and a pattern costs several milliseconds to compile
; against it: the patterns are few, and context is checked by predicates where a pattern would cost.
; The grammar does not read `fun interface` (an ERROR region, where the keyword scanner looks).

; --- types ---------------------------------------------------------------------------------------
; One node type holds class, interface and enum class; its keyword tells them apart (the first
; pattern that matches wins). The name is the node's only direct type_identifier (supertypes and
; type parameters sit in their own nodes). Data, sealed, abstract, open, inner, value and
; annotation classes are classes. Enum entries are not listed.

(class_declaration "interface" (type_identifier) @interface.name) @interface
(class_declaration "enum" (type_identifier) @enum.name) @enum
(class_declaration (type_identifier) @class.name) @class

; `object Name` and `companion object Name` are classes. A companion without a name is named by
; its keywords, `companion object`.
(object_declaration (type_identifier) @class.name) @class
(companion_object (type_identifier) @class.name) @class
(companion_object "companion" @class.name "object" @class.name) @class

(type_alias (type_identifier) @type.name) @type

; A secondary constructor: method `constructor`. The primary constructor is part of the class
; header and `init` blocks have no name: not listed.
(secondary_constructor "constructor" @method.name) @method

; --- functions -----------------------------------------------------------------------------------
; `fun`: a function, or a method directly inside a class, interface, enum class or object (the
; engine decides); local functions nest in their function.
;
; An extension function is named `Receiver.name` (`fun String.shout()` → `String.shout`), with
; the receiver's generic arguments and `?` dropped (`fun Map.Entry<K, V>?.pretty()` →
; `Map.Entry.pretty`). A user_type before the name can only be the receiver: the return type
; comes after it. This pattern has no context: an extension function declared in an object
; expression, a rare thing, is listed too.
(function_declaration
  [(user_type ((type_identifier) @function.scope "."?)+)
   (nullable_type (user_type ((type_identifier) @function.scope "."?)+))]
  (simple_identifier) @function.name) @function

; Members of a class, interface, object or companion, but not those of an object expression
; (`object : Runnable { … }`) or of an enum entry's body (`RED { … }`): these belong to an
; expression, as a lambda's body would. The three share the class_body node; the parent's text
; tells them apart (an object expression starts `object :` or `object {`, an entry `RED(` or
; `RED {`; a declaration starts with a modifier, an annotation or its keyword and a name).
((_ (class_body (function_declaration (simple_identifier) @function.name) @function)) @_parent
  (#not-match? @_parent "^[A-Za-z_][A-Za-z0-9_]*\\s*[({:]"))
; Top-level functions, members of an enum class, local functions (in a function body or lambda).
[
  (source_file (function_declaration (simple_identifier) @function.name) @function)
  (enum_class_body (function_declaration (simple_identifier) @function.name) @function)
  (statements (function_declaration (simple_identifier) @function.name) @function)
]

; --- constants -----------------------------------------------------------------------------------
; `const val` wherever it stands (top level, object, companion); any other top-level `val` (not
; `var`, not a destructuring declaration; an extension property `val String.x` is named `x`).
; One entry per property.
(property_declaration
  (modifiers (property_modifier))
  (variable_declaration (simple_identifier) @const.name)) @const
(source_file
  (property_declaration
    (binding_pattern_kind "val")
    (variable_declaration (simple_identifier) @const.name)) @const)
