; Objective-C outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
;
; Listed: @interface (a class; a category or class extension, `@interface X (Cat)` and
; `@interface X ()`, is an extension of X), @implementation (an impl of X, a category's too),
; @protocol, methods (`-` and `+`, declared or defined) named by their selector, and the C the
; grammar extends: functions and prototypes, struct, union and enum definitions, typedefs, #define
; macros, file-scope constants. Not listed: properties and instance variables (fields, as C's struct
; members are not), `@class` and `@protocol P;` forward declarations, `@synthesize`, other
; variables, enum constants.
; A category is named after the class it extends, as ctags names it: find_symbol X then finds the
; class's interface, its extensions and its implementations. A C function defined inside an
; @implementation is shown as a method of it (the engine's rule for a function in an impl).

; --- Objective-C ---------------------------------------------------------------------------------

(class_interface . "@interface" . (identifier) @extension.name "(") @extension
(class_interface . "@interface" . (identifier) @class.name) @class
(class_implementation . "@implementation" . (identifier) @impl.name) @impl
(protocol_declaration . "@protocol" . (identifier) @protocol.name) @protocol

; A method, `-` or `+`, wherever it stands (a method in a broken @implementation too), is named by
; its selector: its keywords with their colons, `foo:bar:` (`- (void)foo:(int)a bar:(int)b`; an
; empty keyword too, `foo::`), or its one word (`- (void)cancel`). A word after the last parameter
; is a macro (`NS_DESIGNATED_INITIALIZER`), not a keyword. The pieces are `foo`, `:`, `bar`, `:`:
; the engine sets no space after a `:` piece. The first pattern that matches wins. Nodes are
; wildcards (the return type is the first, if any): an `(identifier)` or `(method_type)` under a
; method costs the query's compilation ten times as much (spelled so, the two declaration patterns
; took 30 ms of its 120). A parameter is `(_ ":")`, the only child of a method with a `:` of its
; own: named `method_parameter`, it cost 20 ms more (see queries/README.md, "Compile cost").
(method_declaration . (_)? . ((_)? @method.name . (_ ":" @method.name))+) @method
((method_declaration . (_)? . (_) @method.name) @method
  (#match? @method.name "^\\w+$"))
(method_definition . (_)? . ((_)? @method.name . (_ ":" @method.name))+) @method
((method_definition . (_)? . (_) @method.name) @method
  (#match? @method.name "^\\w+$"))

; --- C -------------------------------------------------------------------------------------------

; Declarators are spelled with wildcards (`(_ declarator: … parameters: (_))` is a function
; declarator), as in C's query: a named node type there costs the compilation far more.
((function_definition
  declarator: [
    (_ declarator: (identifier) @function.name parameters: (_))
    (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @function.name parameters: (_))))
  ]) @function
  (#not-match? @function.name "^(if|while|for|switch|return|sizeof)$"))
; Prototypes (`FOUNDATION_EXPORT void f(int);`), but for `static` ones (forward declarations of a
; definition further down) and macro calls (`SD_LOCK_DECLARE_STATIC(lock);`). A typedef of an
; NS_ENUM can leave the rest of the file in a block or an error: prototypes stand there too.
((declaration
  declarator: [
    (_ declarator: (identifier) @function.name parameters: (_))
    (_ declarator: (_ declarator: (identifier) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (identifier) @function.name parameters: (_))))
  ]) @function
  (#has-parent? @function translation_unit preproc_if preproc_ifdef preproc_else preproc_elif linkage_specification declaration_list ERROR compound_statement)
  (#not-match? @function "^(static|typedef|else)\\b")
  (#not-match? @function.name "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof)$"))

(struct_specifier name: (_) @struct.name body: (_)) @struct
(union_specifier name: (_) @union.name body: (_)) @union
(enum_specifier name: (_) @enum.name body: (_)) @enum
; `typedef NS_ENUM(NSInteger, Name) { … };` (NS_OPTIONS, NS_CLOSED_ENUM, NS_ERROR_ENUM, CF_ENUM):
; the grammar reads the macro as a type with an error in its arguments, before or after the name
; (the entry is the head: its constants are not listed).
((macro_type_specifier name: (_) @_macro (ERROR) . type: (_ type: (_) @enum.name)) @enum
  (#match? @_macro "^(NS|CF)_[A-Z_]*(ENUM|OPTIONS)$"))
((macro_type_specifier name: (_) @_macro type: (_) . (ERROR (_) @enum.name)) @enum
  (#match? @_macro "^(NS|CF)_[A-Z_]*(ENUM|OPTIONS)$")
  (#match? @enum.name "^\\w+$"))
; `typedef struct { … } Name;` is the struct Name (likewise union and enum). Every other typedef,
; each name it declares, is a type: `typedef void (^Block)(int);`, `typedef NSString *Key;`; the name
; is the entry, so that `typedef struct node { … } node_t;` lists the struct and the type side by
; side. What the typedef is is asked of its text: its `type:` field costs the compilation more.
((type_definition declarator: (_) @struct.name) @struct
  (#match? @struct "^typedef\\s+struct\\s*\\{")
  (#match? @struct.name "^\\w+$"))
((type_definition declarator: (_) @union.name) @union
  (#match? @union "^typedef\\s+union\\s*\\{")
  (#match? @union.name "^\\w+$"))
((type_definition declarator: (_) @enum.name) @enum
  (#match? @enum "^typedef\\s+enum\\s*\\{")
  (#match? @enum.name "^\\w+$"))
((type_definition
  declarator: [
    (_) @type @type.name
    (_ declarator: (_) @type @type.name)
    (_ declarator: (_ declarator: (_) @type @type.name))
    (_ declarator: (parenthesized_declarator (_ declarator: (_) @type @type.name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (_) @type @type.name))))
  ]) @_typedef
  (#match? @type.name "^\\w+$")
  (#not-match? @_typedef "^typedef\\s+((struct|union|enum)\\s*\\{|(NS|CF)_[A-Z_]*(ENUM|OPTIONS)\\s*\\()"))

; File-scope constants, `const` anywhere before the value (`FOUNDATION_EXPORT NSString * const
; ICErrorDomain;`, `static const CGFloat kPadding = 4;`), each name its own entry (with a value, the
; entry is its declarator, so that its range reaches the value's end); not locals. The second
; pattern takes those an NS_ENUM left in a block at file scope.
((declaration
  declarator: [
    (_) @const @const.name
    (_ declarator: (_) @const @const.name !parameters !value)
    (_ declarator: (_) @const.name value: (_)) @const
    (_ declarator: (_ declarator: (_) @const.name !parameters) value: (_)) @const
  ]) @_declaration
  (#has-parent? @_declaration translation_unit preproc_if preproc_ifdef preproc_else preproc_elif linkage_specification declaration_list ERROR)
  (#match? @const.name "^\\w+$")
  (#match? @_declaration "^[^=]*\\bconst\\b"))
((compound_statement
  (declaration
    declarator: [
      (_) @const @const.name
      (_ declarator: (_) @const @const.name !parameters !value)
      (_ declarator: (_) @const.name value: (_)) @const
      (_ declarator: (_ declarator: (_) @const.name !parameters) value: (_)) @const
    ]) @_declaration) @_block
  (#has-parent? @_block translation_unit ERROR)
  (#match? @const.name "^\\w+$")
  (#match? @_declaration "^[^=]*\\bconst\\b"))

(preproc_def name: (identifier) @macro.name value: (_)) @macro
(preproc_function_def name: (identifier) @macro.name) @macro
; A #define without a value, except an include guard (`#define FOO_H`).
((preproc_def name: (identifier) @macro.name !value) @macro
  (#not-match? @macro.name "_(H|INCLUDED)_*$"))

; --- recovery ------------------------------------------------------------------------------------

; A block being typed (an unclosed method body) leaves what follows it in an ERROR, unparsed: an
; @implementation or @interface head and a method's selector there are entries of their own line.
(ERROR "@implementation" . (identifier) @impl @impl.name)
(ERROR "@interface" . (identifier) @class @class.name)
(ERROR "@protocol" . (identifier) @protocol @protocol.name)
(ERROR ["-" "+"] . (method_type) .
  (identifier) @method @method.name . (_ ":" @method.name)? .
  ((identifier) @method.name . (_ ":" @method.name))*)
