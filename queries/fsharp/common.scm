; F# declarations both grammars read alike, the implementation's (`.fs`, `.fsx`: outline.scm after
; this) and the signature's (`.fsi`: queries/fsharp_signature/outline.scm): namespaces and modules,
; types, members and implemented interfaces. What each lists and leaves out: outline.scm's header.
(namespace name: (_) @module.name) @module
(named_module name: (_) @module.name) @module
(module_defn (identifier) @module.name) @module
; A file's module or namespace whose declarations the grammar could not all read is left in an
; ERROR that begins with its keyword and name: what it read of them nests in it.
(ERROR . ["module" "namespace"] . (long_identifier) @module.name) @module

(record_type_defn (type_name type_name: (_) @struct.name)) @struct
; `type Id = int` reads as a union of one case `int`: a union has a `|` or a case with fields.
(union_type_defn (type_name type_name: (_) @enum.name) (union_type_cases "|")) @enum
(union_type_defn (type_name type_name: (_) @enum.name) (union_type_cases (union_type_case (union_type_fields)))) @enum
(union_type_defn (type_name type_name: (_) @type.name)) @type
(enum_type_defn (type_name type_name: (_) @enum.name)) @enum
(interface_type_defn (type_name type_name: (_) @interface.name)) @interface
; A type that takes no constructor arguments and opens with an abstract member is an interface, but
; one marked `[<AbstractClass>]`.
((type_definition (attributes) @_attributes . (anon_type_defn . (type_name type_name: (_) @interface.name) . [(xml_doc) (line_comment) (block_comment)]* . (type_extension_elements . (member_defn . "abstract"))) @interface)
  (#not-match? @_attributes "AbstractClass"))
(type_definition . (anon_type_defn . (type_name type_name: (_) @interface.name) . [(xml_doc) (line_comment) (block_comment)]* . (type_extension_elements . (member_defn . "abstract"))) @interface)
(anon_type_defn (type_name type_name: (_) @class.name)) @class
(type_abbrev_defn (type_name type_name: (_) @type.name)) @type
(delegate_type_defn (type_name type_name: (_) @type.name)) @type
(type_extension (type_name type_name: (_) @extension.name)) @extension
(exception_definition exception_name: (_) @type.name) @type

; Members of a type (an operator named as written, `(+)`), not of an object expression
; (`{ new IDisposable with member _.Dispose() = () }`).
((member_defn (method_or_prop_defn name: (property_or_ident method: (_) @function.name))) @function
  (#has-parent? @function type_extension_elements interface_implementation interface_type_defn record_type_defn union_type_defn anon_type_defn type_extension preproc_if preproc_else ERROR))
((member_defn (method_or_prop_defn name: (property_or_ident . [(identifier) (op_identifier)] @function.name .))) @function
  (#has-parent? @function type_extension_elements interface_implementation interface_type_defn record_type_defn union_type_defn anon_type_defn type_extension preproc_if preproc_else ERROR))
((member_defn (member_signature . (identifier) @function.name)) @function
  (#has-parent? @function type_extension_elements interface_implementation interface_type_defn record_type_defn union_type_defn anon_type_defn type_extension preproc_if preproc_else ERROR))
((member_defn (property_or_ident . (identifier) @function.name .)) @function
  (#has-parent? @function type_extension_elements interface_implementation interface_type_defn record_type_defn union_type_defn anon_type_defn type_extension preproc_if preproc_else ERROR))
((member_defn (additional_constr_defn "new" @function.name)) @function
  (#has-parent? @function type_extension_elements interface_implementation interface_type_defn record_type_defn union_type_defn anon_type_defn type_extension preproc_if preproc_else ERROR))
(interface_implementation . "interface" . (_) @impl.name) @impl
