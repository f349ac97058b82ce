; C outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
;
; Listed: function definitions; prototypes outside function bodies, except `static` ones (forward
; declarations of a definition further down the same file); struct, union and enum definitions;
; typedefs; #define macros; `const` variables outside function bodies. Not listed: other
; variables, struct fields, enum constants, local declarations.
;
; A declarator has no fixed depth: the name of `char *name(void)` or `int (*handler(int))(void)`
; sits under pointer and parenthesized declarators, so the usual shapes are spelled out. They are
; spelled with wildcards (`(_ declarator: … parameters: (_))` is a function declarator): a named
; node type under another costs the compilation of the query far more than a wildcard does.
; Where a node type decides, a predicate on the text decides instead (`^typedef`, `^struct`).
;
; Kernel-style annotation and definition macros (`__init`, `SYSCALL_DEFINE3(…)`, loop macros
; such as `for_each_cpu(cpu)`) are not C to the grammar; the patterns marked below undo the usual
; misreadings.

; --- functions -----------------------------------------------------------------------------------

; A loop macro in a function body can be misread as a K&R definition (`for_each_entity(se)` then
; `cfs_rq_of(se)->skip = se;`): not an entry.
((function_definition
  declarator: [
    (_ declarator: (identifier) @function.name parameters: (_))
    (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @function.name parameters: (_))))
    ; a function returning a function pointer: `int (*handler(int))(void)`
    (_ declarator: (parenthesized_declarator
      (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))))
  ]) @function
  (#not-match? @function "^\\w*(for_each|while_each|do_each)\\w*\\s*\\(")
  (#not-match? @function.name "^(if|while|for|switch|return|sizeof)$"))

; An annotation macro between the type and the name of a function without parameters:
; `static int __init foo_init(void)` reads as a declaration `static int __init` (its `;` missing)
; and a definition of `(void)` whose type is `foo_init`. A real definition never has a
; parenthesized declarator, so the type is the name here.
((function_definition
  type: (_) @function.name
  declarator: (_) @_void) @function
  (#match? @_void "^\\(\\s*void\\s*\\)$")
  (#match? @function.name "^\\w+$"))

; A function defined by a macro: `SYSCALL_DEFINE0(getpid) { … }` reads like the above, and is
; named by the macro's argument. The macro is in capitals, a loop macro (`for_each_zone(zone)`)
; usually not.
((function_definition
  type: (_) @_macro
  declarator: (_ (identifier) @function.name)) @function
  (#match? @_macro "^[A-Z][A-Z0-9_]*$")
  (#not-match? @_macro "FOR_?EACH"))

; `SYSCALL_DEFINE3(read, unsigned int, fd, …) { … }` reads as a call followed by a block: the
; system call is named by the macro's first argument, as is a BPF helper (`BPF_CALL_2(…)`).
((expression_statement
  (call_expression
    function: (identifier) @_macro
    arguments: (argument_list . (identifier) @function.name)) @function)
  (#match? @_macro "^((COMPAT_)?SYSCALL_DEFINE[0-6]|BPF_CALL_[0-5])$"))

; Prototypes at file scope, in `extern "C" { … }` and in preprocessor conditionals; not in a
; function body, where a loop macro (`for_each_cpu(cpu, mask) kfree(p);`) reads as a declaration
; of a function. A name in capitals with an underscore is a macro call after an annotation
; (`__cacheline_aligned DEFINE_RWLOCK(tasklist_lock);`). In a conditional inside a function body
; a loop macro or an `else if (…)` can still read as a declaration: those are left out by name.
; Where a declaration stands is asked with `#has-parent?`: a pattern rooted at the parent costs
; the query several times as much (queries/README.md).
((declaration
  declarator: [
    (_ declarator: (identifier) @function.name parameters: (_))
    (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @function.name parameters: (_))))
    (_ declarator: (parenthesized_declarator
      (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))))
  ]) @function
  (#has-parent? @function translation_unit declaration_list)
  (#not-match? @function "^(static|typedef)\\b")
  (#not-match? @function.name "^[A-Z][A-Z0-9]*_[A-Z0-9_]*$"))
((declaration
  declarator: [
    (_ declarator: (identifier) @function.name parameters: (_))
    (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @function.name parameters: (_))))
    (_ declarator: (parenthesized_declarator
      (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))))
  ]) @function
  (#has-parent? @function preproc_if preproc_ifdef preproc_else preproc_elif)
  (#not-match? @function "^(static|typedef|else)\\b")
  (#not-match? @function "^\\w*(for_each|while_each|do_each)\\w*\\s*\\(")
  (#not-match? @function.name "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof)$"))

; --- types ---------------------------------------------------------------------------------------

; A definition with a body; `struct s;` and `struct s *p` only refer to one.
(struct_specifier name: (_) @struct.name body: (_)) @struct
(union_specifier name: (_) @union.name body: (_)) @union
(enum_specifier name: (_) @enum.name body: (_)) @enum

; `typedef struct { … } Name;` is the struct Name (likewise union and enum).
((type_definition type: (_) @_type declarator: (_) @struct.name) @struct
  (#match? @_type "^struct\\s*\\{")
  (#match? @struct.name "^\\w+$"))
((type_definition type: (_) @_type declarator: (_) @union.name) @union
  (#match? @_type "^union\\s*\\{")
  (#match? @union.name "^\\w+$"))
((type_definition type: (_) @_type declarator: (_) @enum.name) @enum
  (#match? @_type "^enum\\s*\\{")
  (#match? @enum.name "^\\w+$"))

; Every other typedef, each name it declares: `typedef unsigned long ulong;`,
; `typedef struct s s_t, *s_p;`, `typedef int (*cb_t)(int);`. The name is the entry, so that
; `typedef struct node { … } node_t;` lists the struct and the type side by side, not one inside
; the other.
((type_definition
  declarator: [
    (_) @type @type.name
    (_ declarator: (_) @type @type.name)
    (_ declarator: (_ declarator: (_) @type @type.name))
    (_ declarator: (parenthesized_declarator (_ declarator: (_) @type @type.name)))
  ]) @_typedef
  (#match? @type.name "^\\w+$")
  (#not-match? @type.name "^__(bitwise|force|iomem|user|rcu|percpu)$")
  (#not-match? @_typedef "^typedef\\s+(struct|union|enum)\\s*\\{"))
; `typedef int __bitwise fpi_t;` reads `__bitwise` as the name and leaves the name in an ERROR.
(type_definition (ERROR (identifier) @type @type.name))

; --- macros --------------------------------------------------------------------------------------

(preproc_def name: (identifier) @macro.name value: (_)) @macro
(preproc_function_def name: (identifier) @macro.name) @macro
; A #define without a value, except an include guard (`#define FOO_H`).
((preproc_def name: (identifier) @macro.name !value) @macro
  (#not-match? @macro.name "_(H|HH|HPP|HXX|IPP|TPP|INL|INCLUDED)_*$"))

; --- constants -----------------------------------------------------------------------------------

; `const` and `static const` variables at file scope, in `extern "C" { … }` and in preprocessor
; conditionals, each name its own entry (with an initializer, the entry is its declarator, so that its
; range reaches the initializer's end): `static const char *const names[] = { … };`. Without an
; initializer the declarator types are spelled out: a wildcard there would also take a
; prototype's function declarator. A name starting with `__` is an annotation macro misread as
; the name (`static const u8 vec[] __initconst = { … }`): the name is then in an ERROR before it.
((declaration
  declarator: [
    (identifier) @const @const.name
    (array_declarator declarator: (identifier) @const @const.name)
    (pointer_declarator declarator: (identifier) @const @const.name)
    (_ declarator: (identifier) @const.name value: (_)) @const
    (_ declarator: (_ declarator: (identifier) @const.name) value: (_)) @const
    (_ declarator: (_ declarator: (_ declarator: (identifier) @const.name)) value: (_)) @const
  ]) @_declaration
  (#has-parent? @_declaration translation_unit declaration_list preproc_if preproc_ifdef preproc_else preproc_elif)
  (#match? @_declaration "^((static|extern)\\s+)*const\\b")
  (#not-match? @const.name "^__"))
((declaration
  (ERROR [
    (identifier) @const @const.name
    (array_declarator declarator: (identifier) @const @const.name)
  ])
  declarator: (_ declarator: (identifier) @_annotation)) @_declaration
  (#has-parent? @_declaration translation_unit)
  (#match? @_annotation "^__")
  (#match? @_declaration "^((static|extern)\\s+)*const\\b"))

; --- recovery ------------------------------------------------------------------------------------

; A definition whose body is not closed (being typed) leaves its signature in an ERROR node. One
; that starts like a call is a macro call without its `;` (`module_init(f)`, a loop macro).
((ERROR
  (_ declarator: (identifier) @function.name parameters: (_)) @function) @_error
  (#not-match? @_error "^\\w+\\s*\\(")
  (#not-match? @function.name "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof)$"))
; A constant after such a definition: at file scope, but in the ERROR node.
((ERROR
  (_
    declarator: [
      (identifier) @const @const.name
      (array_declarator declarator: (identifier) @const @const.name)
      (pointer_declarator declarator: (identifier) @const @const.name)
      (_ declarator: (identifier) @const.name value: (_)) @const
      (_ declarator: (_ declarator: (identifier) @const.name) value: (_)) @const
      (_ declarator: (_ declarator: (_ declarator: (identifier) @const.name)) value: (_)) @const
    ]) @_declaration)
  (#match? @_declaration "^((static|extern)\\s+)*const\\b")
  (#not-match? @const.name "^__"))
