; Scala outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Annotations and modifiers sit inside the declaration node: the reported line is the name's.
; This grammar reads Scala 2: Scala 3's enum, given, extension and indentation-based bodies come
; out as ERROR regions, where the keyword scanner finds what it can (`enum Color`, `def f`).

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

; --- functions -----------------------------------------------------------------------------------
; `def` with a body or abstract (in a trait): a function, or a method directly inside a class,
; object or trait (the engine decides). Members of a template (class, object, trait, package
; object), top-level defs, and local defs directly in a def's body block. This grammar reads the
; body of an anonymous class (`new Runnable { def run() = … }`) as a block: its members, like the
; defs of an `if` or a lambda, are not listed.

(template_body [
  (function_definition name: (identifier) @function.name)
  (function_declaration name: (identifier) @function.name)
] @function)
(compilation_unit (function_definition name: (identifier) @function.name) @function)
(function_definition body: (block
  (function_definition name: (identifier) @function.name) @function))

; --- constants -----------------------------------------------------------------------------------
; A `val` (also lazy, implicit, final) of an object, a package object or the file: the values a
; module holds. Not `var`, not the fields of a class or trait, not a pattern (`val (a, b) = …`).

(object_definition body: (template_body
  (val_definition pattern: (identifier) @const.name) @const))
(package_object body: (template_body
  (val_definition pattern: (identifier) @const.name) @const))
(compilation_unit (val_definition pattern: (identifier) @const.name) @const)
