; F# outline (`.fs`, `.fsx`), after queries/fsharp/common.scm: namespaces and modules (named as
; written, `Shop.Core`), nested as written; records (struct), unions and enums (enum), classes
; (class; interface when the type opens with an abstract member and takes no constructor
; arguments, unless `[<AbstractClass>]`), `interface … end` types, type abbreviations and delegates
; (type), exceptions (type), type extensions (`type Money with`: extension), each type's members
; (`member`, `static member`, `abstract`, `override`, `default`, `member val`, `new`) and the
; interfaces a type implements (`interface IDisposable with`: impl, holding its members); `let`
; functions (an active pattern or an operator named as written, `(|Even|Odd|)`, `(+.)`; a value
; given a `fun`) and `let` values (const) at the top of a file, a namespace or a module, and a
; class's `let` functions (its private methods). Left out: union cases and enum cases, record
; fields (as OCaml's outline leaves constructors and fields: the type's lines show them), a
; class's `let` values (fields), `let`s inside functions, `do`, `open`, destructuring `let`s
; (`let a, b = …`), a `let` in an `#else` branch (that of an `#if` branch is listed).

; A `let` is its name's binding, return type and body (`let rec f … and g …` is one node holding
; both), and the attributes before it (`[<EntryPoint>]`). A pattern with the body just after the
; binding and its return type pairs each with its own; where comments stand between them, the one
; after it takes the first body after the binding. (Comments matched as such between the anchors
; made the query cost four times as much to compile.) Nodes are `_` where their children tell
; what they are: a typed node with children costs the compilation 10 to 50 ms each.
((_ (attributes)? @function (_ . (function_declaration_left [(identifier) (op_identifier) (active_pattern)] @function.name) @function . (_)? . body: (_) @function)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
((_ (attributes)? @function (_ . (function_declaration_left [(identifier) (op_identifier) (active_pattern)] @function.name) @function body: (_) @function)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
((_ (_ (_) (function_declaration_left [(identifier) (op_identifier) (active_pattern)] @function.name) @function . (_)? . body: (_) @function)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
; A value given a `fun`, one whose pattern takes arguments (the grammar can read `let view (v: Node) : H =`
; so), and an operator (`let (>=>) = compose`) are functions; any other value a const.
((_ (attributes)? @function (_ . (value_declaration_left (_ . (long_identifier_or_op) @function.name)) @function body: (fun_expression) @function)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
((_ (attributes)? @function (_ . (value_declaration_left (_ . (long_identifier_or_op) @function.name . (_))) @function body: (_) @function)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
((_ (attributes)? @function (_ . (value_declaration_left (_ . (long_identifier_or_op (op_identifier)) @function.name)) @function body: (_) @function)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
((_ (attributes)? @const (_ . (value_declaration_left (_ . (long_identifier_or_op) @const.name)) @const . (_)? . body: (_) @const)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
((_ (attributes)? @const (_ . (value_declaration_left (_ . (long_identifier_or_op) @const.name)) @const body: (_) @const)) @_at
  (#has-parent? @_at file namespace named_module module_defn ERROR))
; A `let` in an `#if` branch of a file, namespace or module (not of a function's body, nor an `#else`
; branch, whose `#if` the query cannot see past).
((_ (_ (attributes)? @function (_ . (function_declaration_left [(identifier) (op_identifier) (active_pattern)] @function.name) @function . (_)? . body: (_) @function)) @_at) @_branch
  (#has-parent? @_at preproc_if) (#has-parent? @_branch file namespace named_module module_defn))
((_ (_ (attributes)? @const (_ . (value_declaration_left (_ . (long_identifier_or_op) @const.name)) @const . (_)? . body: (_) @const)) @_at) @_branch
  (#has-parent? @_at preproc_if) (#has-parent? @_branch file namespace named_module module_defn))
; A class's `let` functions (its private methods), not its values (fields).
(type_extension_elements (_ (function_declaration_left [(identifier) (op_identifier) (active_pattern)] @function.name) @function . (_)? . body: (_) @function))
; Where the grammar could not read a module (statically resolved type parameters written out, `^T
; when …`), its `let`s stand in the ERROR without their declaration.
(ERROR (_ . (function_declaration_left [(identifier) (op_identifier) (active_pattern)] @function.name) @function . (_)? . body: (_) @function))
(ERROR (_ . (value_declaration_left (_ . (long_identifier_or_op) @const.name)) @const . (_)? . body: (_) @const))
