; Haskell outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: the module (`module Data.Shape where`, named as written, holding the file's declarations);
; data, newtype, type synonyms and type and data families (types), a data or newtype with its
; record fields (functions: each is the selector function of its name, as ctags lists them);
; classes with the methods their signatures declare and their associated types; instances (impls,
; named as written: `Show (Tree a)`) with their methods; top-level functions and values, one entry
; an equation, on its line, as ctags lists them (a signature is not an entry: the equations name the
; function), operators without their parentheses. Not listed: data constructors (as enumerators are
; not elsewhere), signatures, a class's default method equations, where- and let-bound names,
; fixity declarations, pattern synonyms, Template Haskell splices.

; The module holds the whole file.
(haskell (header module: (_) @module.name)) @module

[
  (data_type name: (_) @type.name)
  (newtype name: (_) @type.name)
  (type_synomym name: (_) @type.name)
  (type_family name: (_) @type.name)
  (data_family name: (_) @type.name)
] @type

; A record's fields (`{ name :: String, width, height :: Double }`), under their type: a field of one
; name is the whole `name :: T`; of several, each name is an entry: those followed by another name,
; then the last, before the type (`(field_name) . (field_name @…)` misses the third of three).
(field . name: (field_name (variable) @function.name) . type: (_)) @function
(field name: (field_name (variable) @function.name) @function . name: (field_name))
(field name: (field_name) name: (field_name (variable) @function.name) @function . type: (_))

(class name: (_) @class.name) @class
[
  (instance name: (_) @impl.name patterns: (_)? @impl.name)
  (deriving_instance name: (_) @impl.name patterns: (_)? @impl.name)
] @impl

; A class's methods: the names its signatures declare (`foo, bar :: a`: one entry each).
(class_declarations (signature name: [(variable) @function.name (prefix_id (_) @function.name)]) @function)
(class_declarations (signature names: (binding_list name: (_) @function @function.name)))

; Equations of the file (`f x = …`, `v = …`, `x <+> y = …`, ``x `op` y = …``, `(<+>) x y = …`) and
; of an instance (or of an ERROR where a half-typed line broke the file's declarations); a foreign import.
(
  [
    (function name: [(variable) @function.name (prefix_id (_) @function.name)])
    (function (infix operator: [(operator) @function.name (infix_id (_) @function.name)]))
    (bind name: [(variable) @function.name (prefix_id (_) @function.name)])
  ] @function
  (#has-parent? @function declarations instance_declarations ERROR))
(foreign_import signature: (signature name: (_) @function.name)) @function
