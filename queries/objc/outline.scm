; Objective-C outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
;
; Listed: @interface (a class; a category or class extension, `@interface X (Cat)` and
; `@interface X ()`, is an extension of X), @implementation (an impl of X, a category's too),
; @protocol, methods (`-` and `+`, declared or defined) named by their selector, and the C the
; grammar extends: functions and prototypes, struct, union and enum definitions, typedefs, #define
; macros. Not listed: properties and instance variables (fields, as C's struct members are not),
; `@class` and `@protocol P;` forward declarations, `@synthesize`, variables, enum constants.
; A category is named after the class it extends, as ctags names it: find_symbol X then finds the
; class's interface, its extensions and its implementations.

; --- Objective-C ---------------------------------------------------------------------------------

(class_interface . "@interface" . (identifier) @extension.name "(") @extension
(class_interface . "@interface" . (identifier) @class.name) @class
(class_implementation . "@implementation" . (identifier) @impl.name) @impl
(protocol_declaration . "@protocol" . (identifier) @protocol.name) @protocol

; A selector: its keywords with their colons, `foo:bar:` (`- (void)foo:(int)a bar:(int)b`), or
; its one word (`- (void)cancel`). A word after the last parameter is a macro
; (`NS_DESIGNATED_INITIALIZER`), not a keyword. The first pattern that matches wins.
(method_declaration
  ["-" "+" (method_type)] . ((identifier)? @function.name . (method_parameter ":" @function.name))+) @function
(method_declaration ["-" "+" (method_type)] . (identifier) @function.name) @function
(method_definition
  ["-" "+" (method_type)] . ((identifier)? @function.name . (method_parameter ":" @function.name))+) @function
(method_definition ["-" "+" (method_type)] . (identifier) @function.name) @function

; --- C -------------------------------------------------------------------------------------------

((function_definition
  declarator: [
    (function_declarator declarator: (identifier) @function.name)
    (_ declarator: (function_declarator declarator: (identifier) @function.name))
    (_ declarator: (_ declarator: (function_declarator declarator: (identifier) @function.name)))
  ]) @function
  (#not-match? @function.name "^(if|while|for|switch|return|sizeof)$"))
; Prototypes (`FOUNDATION_EXPORT void f(int);`), but for `static` ones (forward declarations of a
; definition further down) and macro calls (`SD_LOCK_DECLARE_STATIC(lock);`). A typedef of an NS_ENUM
; can leave the rest of the file in a block or an error: prototypes stand there too.
((declaration
  declarator: [
    (function_declarator declarator: (identifier) @function.name)
    (_ declarator: (function_declarator declarator: (identifier) @function.name))
    (_ declarator: (_ declarator: (function_declarator declarator: (identifier) @function.name)))
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
((macro_type_specifier
  name: (identifier) @_macro (ERROR) . type: (type_descriptor type: (type_identifier) @enum.name)) @enum
  (#match? @_macro "^(NS|CF)_[A-Z_]*(ENUM|OPTIONS)$"))
((macro_type_specifier
  name: (identifier) @_macro type: (type_descriptor) . (ERROR (identifier) @enum.name)) @enum
  (#match? @_macro "^(NS|CF)_[A-Z_]*(ENUM|OPTIONS)$"))
; `typedef struct { … } Name;` is the struct Name; every other typedef names a type: `typedef
; void (^Block)(int);`, `typedef NSString *Key;`.
((type_definition type: (struct_specifier !name) declarator: (type_identifier) @struct.name) @struct)
((type_definition type: (union_specifier !name) declarator: (type_identifier) @union.name) @union)
((type_definition type: (enum_specifier !name) declarator: (type_identifier) @enum.name) @enum)
((type_definition
  type: (_) @_type
  declarator: [
    (type_identifier) @type.name
    (_ declarator: (type_identifier) @type.name)
    (_ declarator: (_ declarator: (type_identifier) @type.name))
    (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @type.name)))
    (_ declarator: (_ declarator: (parenthesized_declarator (_ declarator: (type_identifier) @type.name))))
  ]) @type
  (#not-match? @_type "^(NS|CF)_[A-Z_]*(ENUM|OPTIONS)\\s*\\("))

(preproc_def name: (identifier) @macro.name value: (_)) @macro
(preproc_function_def name: (identifier) @macro.name) @macro
; A #define without a value, except an include guard (`#define FOO_H`).
((preproc_def name: (identifier) @macro.name !value) @macro
  (#not-match? @macro.name "_(H|INCLUDED)_*$"))
