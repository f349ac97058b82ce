; C++ outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
;
; Listed: namespaces (module, `a::b` as written; an anonymous namespace is not an entry); classes,
; structs, unions and enums (`enum class` too) with a body; their member functions, declared or
; defined, with constructors, destructors and operators (the engine shows a function inside a
; class as a method); definitions outside the class, named as written (`Foo::bar`,
; `Vec<T>::push`: method, whether the scope is a class or a namespace, which the grammar cannot
; tell apart); free functions and their prototypes (not `static` ones); typedefs, `using X = …`
; and concepts (type); `const`/`constexpr` variables of a namespace or the file, and
; `static const`/`static constexpr` members (const); #define macros. Not listed: lambdas,
; variables, fields, enumerators, friend declarations, namespace aliases, and typedefs or
; `using` inside a function body. A template is listed as the class or function it declares, on
; the line of its name.
;
; A declarator has no fixed depth (`const char* const* names()`, `T& operator[](size_t)`), so the
; usual shapes are spelled out, with wildcards: `(_ declarator: … parameters: (_))` is a function
; declarator, `(_ (…))` a reference declarator. A named node type under another costs the
; compilation of this query (against the large C++ grammar) far more than a wildcard; a pattern
; whose root is a wildcard costs its run on every node instead. So roots are named node types,
; what is below them mostly wildcards, and predicates on the text decide the rest.

; --- tests ---------------------------------------------------------------------------------------

; googletest's `TEST(Suite, Name) {…}` (TEST_F, TEST_P, TYPED_TEST, TYPED_TEST_P, GTEST_TEST), which
; the grammar reads as a function: a test named `Suite.Name`.
((function_definition
  declarator: (_
    declarator: (identifier) @_macro
    parameters: (_ . (_ type: (_) @test.scope) . (_ type: (_) @test.name) .))) @test
  (#any-of? @_macro "TEST" "TEST_F" "TEST_P" "TYPED_TEST" "TYPED_TEST_P" "GTEST_TEST"))

; Catch2's `TEST_CASE("…", "[tag]") {…}`, `SCENARIO`, `TEST_CASE_METHOD(Fixture, "…")`, and the
; `SECTION("…") {…}` (GIVEN, WHEN, THEN, …) in them, which the grammar reads as a call missing its
; `;`, then a block: a test spanning both, named by its string. (The body of a TEST_CASE_METHOD is
; skipped as a function's is, so its sections are not listed.)
((expression_statement
   (_ function: (identifier) @_macro arguments: [(_ . (string_literal) @test.name) (_ . (identifier) . (string_literal) @test.name)])) @test
 .
 (compound_statement) @test
 (#any-of? @_macro "TEST_CASE" "TEST_CASE_METHOD" "METHOD_AS_TEST_CASE" "SCENARIO" "TEMPLATE_TEST_CASE" "SECTION" "DYNAMIC_SECTION" "GIVEN" "AND_GIVEN" "WHEN" "AND_WHEN" "THEN" "AND_THEN"))

; --- functions -----------------------------------------------------------------------------------

; A macro before the return type (`static BOOST_ASIO_CONSTEXPR typename traits::x<T>::type f()`,
; `unsigned int __stdcall thread_main(void*)`) can make the grammar read the return type and the
; name as one qualified name, with a missing `::` before the name: the last word then names a
; function.
((function_definition
  declarator: (_
    declarator: (_
      name: [
        (_) @function.name
        (_ name: [
          (_) @function.name
          (_ name: [
            (_) @function.name
            (_ name: (_) @function.name)
          ])
        ])
      ]) @_qualified
    parameters: (_))) @function
  (#match? @_qualified "\\w(?<!\\boperator)\\s+~?\\w+$")
  (#match? @function.name "^~?\\w+$"))

; `void Widget::draw() {…}`, `Foo::~Foo()`, `bool Foo::operator==(…)`: a method named as written.
((function_definition
  declarator: [
    (_ declarator: (qualified_identifier) @method.name parameters: (_))
    (_ declarator: (_ declarator: (qualified_identifier) @method.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (qualified_identifier) @method.name parameters: (_))))
    (_ (_ declarator: (qualified_identifier) @method.name parameters: (_)))
  ]) @method)

; Any other definition: free functions and functions defined in a class. The name is an
; identifier, `operator==`, `~Foo` or `swap<int>`; not a parenthesized declarator (a variable of
; function pointer type). A name in capitals with an underscore is a macro
; (`BOOST_FOREACH(x, v) {…}`, `BGL_FORALL_VERTICES_T(v, g, G) {…}` in a function body); a keyword
; is a statement misread where preprocessor branches split it (`catch (…) {…}`).
((function_definition
  declarator: [
    (_ declarator: (_) @function.name parameters: (_))
    (_ declarator: (_ declarator: (_) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (_) @function.name parameters: (_))))
    (_ (_ declarator: (_) @function.name parameters: (_)))
    ; a function returning a function pointer: `int (*handler(int))(void)`
    (_ declarator: (parenthesized_declarator
      (_ declarator: (_ declarator: (_) @function.name parameters: (_)))))
  ]) @function
  (#not-match? @function.name "^(\\(|([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof|catch|throw|delete|typeid|alignof|decltype|noexcept|static_assert)$)"))

; Conversion operators: `operator bool`, and `Foo::operator bool` outside the class. The entry is
; the declarator (whose range ends before the body: nothing nests in an operator).
(function_definition
  declarator: (_
    scope: (_) @method.name
    "::" @method.name
    name: (operator_cast "operator" @method.name type: (_) @method.name) @method))
(operator_cast "operator" @function.name type: (_) @function.name) @function

; --- prototypes ----------------------------------------------------------------------------------

; Function declarations without a body, where declarations are: at file scope, in a namespace or
; `extern "C" { … }` (declaration_list), after `template <…>`, in preprocessor conditionals, in a
; class body (a `field_declaration` there), each place asked with `#has-parent?` (a pattern rooted
; at the place costs several times as much to run: queries/README.md). Not in a function
; body, where `std::lock_guard<std::mutex> lock(m);` reads as the declaration of a function
; `lock`. `static` ones outside a class are forward declarations of a definition in the same
; file; under a preprocessor conditional, where a class body and the file look alike, they are
; kept, for a class's `static` members there. A name is an identifier, an operator or a destructor: not qualified, not a macro in
; capitals (`BOOST_ASIO_DEFINE_HANDLER_PTR(op);` in a class), not a keyword.
((declaration
  declarator: [
    (_ declarator: (_) @function.name parameters: (_))
    (_ declarator: (_ declarator: (_) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (_) @function.name parameters: (_))))
    (_ (_ declarator: (_) @function.name parameters: (_)))
    (_ declarator: (parenthesized_declarator
      (_ declarator: (_ declarator: (_) @function.name parameters: (_)))))
  ]) @function
  (#has-parent? @function translation_unit declaration_list linkage_specification)
  (#not-match? @function "^(static|typedef)\\b")
  (#match? @function.name "^(~?\\w+|operator\\b.*)$")
  (#not-match? @function.name "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof|catch|throw|delete|typeid|alignof|decltype|noexcept|static_assert)$"))
((declaration
  declarator: [
    (_ declarator: (_) @function.name parameters: (_))
    (_ declarator: (_ declarator: (_) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (_) @function.name parameters: (_))))
    (_ (_ declarator: (_) @function.name parameters: (_)))
    (_ declarator: (parenthesized_declarator
      (_ declarator: (_ declarator: (_) @function.name parameters: (_)))))
  ]) @function
  (#has-parent? @function template_declaration preproc_if preproc_ifdef preproc_else preproc_elif field_declaration_list)
  (#not-match? @function "^typedef\\b")
  (#match? @function.name "^(~?\\w+|operator\\b.*)$")
  (#not-match? @function.name "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof|catch|throw|delete|typeid|alignof|decltype|noexcept|static_assert)$"))
((field_declaration
  declarator: [
    (_ declarator: (_) @function.name parameters: (_))
    (_ declarator: (_ declarator: (_) @function.name parameters: (_)))
    (_ declarator: (_ declarator: (_ declarator: (_) @function.name parameters: (_))))
    (_ (_ declarator: (_) @function.name parameters: (_)))
    (_ declarator: (parenthesized_declarator
      (_ declarator: (_ declarator: (_) @function.name parameters: (_)))))
  ]) @function
  (#has-parent? @function template_declaration preproc_if preproc_ifdef preproc_else preproc_elif field_declaration_list)
  (#not-match? @function "^typedef\\b")
  (#match? @function.name "^(~?\\w+|operator\\b.*)$")
  (#not-match? @function.name "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof|catch|throw|delete|typeid|alignof|decltype|noexcept|static_assert)$"))

; --- types ---------------------------------------------------------------------------------------

(namespace_definition name: (_) @module.name) @module

; A definition with a body, named as written (`Pair<T*, U>` for a partial specialization);
; `class Foo;` and `struct stat st;` only refer to one.
(class_specifier name: (_) @class.name body: (_)) @class
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
; `typedef struct s s_t, *s_p;`, `typedef int (*cb_t)(int);`; and `using X = …;`. Not in a
; function body, where Boost-style code names many local types.
((type_definition
  declarator: [
    (_) @type @type.name
    (_ declarator: (_) @type @type.name)
    (_ declarator: (_ declarator: (_) @type @type.name))
    (_ declarator: (parenthesized_declarator (_ declarator: (_) @type @type.name)))
  ]) @_typedef
  (#has-parent? @_typedef translation_unit declaration_list field_declaration_list preproc_if preproc_ifdef preproc_else preproc_elif)
  (#match? @type.name "^\\w+$")
  (#not-match? @_typedef "^typedef\\s+(struct|union|enum|class)\\s*\\{"))
((alias_declaration name: (_) @type.name) @type
  (#has-parent? @type translation_unit declaration_list field_declaration_list template_declaration preproc_if preproc_ifdef preproc_else preproc_elif))
(concept_definition name: (_) @type.name) @type

; --- macros --------------------------------------------------------------------------------------

(preproc_def name: (identifier) @macro.name value: (_)) @macro
(preproc_function_def name: (identifier) @macro.name) @macro
; A #define without a value, except an include guard (`#define FOO_HPP`).
((preproc_def name: (identifier) @macro.name !value) @macro
  (#not-match? @macro.name "_(H|HH|HPP|HXX|IPP|TPP|INL|INCLUDED)_*$"))

; --- constants -----------------------------------------------------------------------------------

; `const`, `constexpr` (also `static`, `inline`, `extern`) variables of the file, a namespace, a
; template or a conditional; each name its own entry (with an initializer, its declarator, whose range
; reaches the initializer's end): `const char* const kNames[] = {…};`. In a
; class, those that are also `static`.
((declaration
  declarator: [
    (identifier) @const @const.name
    (_ declarator: (identifier) @const.name value: (_)) @const
    (_ declarator: (_ declarator: (identifier) @const.name) value: (_)) @const
    (_ declarator: (_ declarator: (_ declarator: (identifier) @const.name)) value: (_)) @const
  ]) @_declaration
  (#has-parent? @_declaration translation_unit declaration_list template_declaration preproc_if preproc_ifdef preproc_else preproc_elif linkage_specification)
  (#match? @_declaration "^((static|extern|inline)\\s+)*(const|constexpr)\\b"))
((field_declaration
  declarator: [
    (field_identifier) @const @const.name
    (_ declarator: (field_identifier) @const @const.name !parameters)
    (_ declarator: (_ declarator: (field_identifier) @const @const.name !parameters))
  ]) @_declaration
  (#has-parent? @_declaration field_declaration_list)
  (#match? @_declaration "^((static|inline)\\s+)*(const|constexpr)\\b")
  (#match? @_declaration "^[^=]*\\bstatic\\b"))

; --- recovery ------------------------------------------------------------------------------------

; A definition whose body is not closed (being typed) leaves its signature in an ERROR node. One
; that starts like a call is a macro call without its `;`. A qualified name there is as often a
; call (`execution::set_error(…)` in code that preprocessor branches split), unless a return type
; stands before it.
((ERROR
  type: (_)
  (_ declarator: (qualified_identifier) @method.name parameters: (_)) @method) @_error
  (#not-match? @_error "^\\w+\\s*\\("))
((ERROR
  (_ declarator: (_) @function.name parameters: (_)) @function) @_error
  (#not-match? @_error "^\\w+\\s*\\(")
  (#match? @function.name "^(~?\\w+|operator\\b.*)$")
  (#not-match? @function.name "^([A-Z][A-Z0-9]*_[A-Z0-9_]*|if|while|for|switch|return|sizeof|catch|throw|delete|typeid|alignof|decltype|noexcept|static_assert)$"))
; A constant after such a definition: at namespace scope, but in the ERROR node.
((ERROR
  (_
    declarator: [
      (identifier) @const @const.name
      (_ declarator: (identifier) @const.name value: (_)) @const
      (_ declarator: (_ declarator: (identifier) @const.name) value: (_)) @const
      (_ declarator: (_ declarator: (_ declarator: (identifier) @const.name)) value: (_)) @const
    ]) @_declaration)
  (#match? @_declaration "^((static|extern|inline)\\s+)*(const|constexpr)\\b"))
