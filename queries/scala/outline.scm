; Scala outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Annotations and modifiers sit inside the declaration node: the reported line is the name's.
; The grammar reads Scala 2 and 3: braces or indentation, enums, givens and extensions.

; --- types ---------------------------------------------------------------------------------------

; class, case class, abstract and implicit classes.
(class_definition name: (identifier) @class.name) @class
; object and case object: a singleton, listed as a class (its members are methods); a companion
; object is its own entry beside its class.
(object_definition name: (identifier) @class.name) @class
(trait_definition name: (identifier) @trait.name) @trait
; `package object util`: the package's members, a module.
(package_object name: (identifier) @module.name) @module
; `type Id = Long`, also a type member of a class or trait.
(type_definition name: (type_identifier) @type.name) @type
; Scala 3's `enum Color`, its cases constants (`case Red, Green`, `case Custom(rgb: Int)`).
(enum_definition name: (identifier) @enum.name) @enum
(simple_enum_case name: (identifier) @const.name) @const
(full_enum_case name: (identifier) @const.name) @const

; --- functions -----------------------------------------------------------------------------------
; `def` with a body or abstract (in a trait): a function, or a method directly inside a class,
; object, trait or enum (the engine decides). Members of a named template, top-level defs, an
; extension's defs, and local defs directly in a def's body. The members of an anonymous class
; (`new Runnable { def run() = … }`), like the defs of an `if` or a lambda, are not listed.

((template_body [
  (function_definition name: (identifier) @function.name)
  (function_declaration name: (identifier) @function.name)
] @function) @_body
  (#has-parent? @_body class_definition object_definition trait_definition package_object given_definition))
(enum_body [
  (function_definition name: (identifier) @function.name)
  (function_declaration name: (identifier) @function.name)
] @function)
(compilation_unit (function_definition name: (identifier) @function.name) @function)
(extension_definition [
  (function_definition name: (identifier) @function.name)
  (function_declaration name: (identifier) @function.name)
] @function)
(extension_definition body: (template_body [
  (function_definition name: (identifier) @function.name)
  (function_declaration name: (identifier) @function.name)
] @function))
(function_definition body: (block
  (function_definition name: (identifier) @function.name) @function))
(function_definition body: (indented_block
  (function_definition name: (identifier) @function.name) @function))

; --- constants -----------------------------------------------------------------------------------
; A `val` (also lazy, implicit, final) of an object, a package object or the file: the values a
; module holds; and a named `given` there (an instance the compiler passes). Not `var`, not the
; fields of a class or trait, not a pattern (`val (a, b) = …`).

(object_definition body: (template_body [
  (val_definition pattern: (identifier) @const.name)
  (given_definition name: (identifier) @const.name)
] @const))
(package_object body: (template_body
  (val_definition pattern: (identifier) @const.name) @const))
(compilation_unit [
  (val_definition pattern: (identifier) @const.name)
  (given_definition name: (identifier) @const.name)
] @const)
