; Groovy outline (`.groovy`, Gradle's `.gradle`, `Jenkinsfile`). Captures: @<kind> on the
; declaration, @<kind>.name on its name (see queries/README.md).
; Listed: classes, interfaces and `@interface`s, traits, enums with their constants (consts),
; records (classes); methods and constructors under their type, a Spock feature method named by a
; string (`def "adds numbers"()`) as a test; top-level functions (`def f()`, `String f()`); the
; fields and properties written in a type's body and a script's top-level variables (consts).
; Scripts (Gradle, Jenkins): a top-level block, a call of a plain name given a closure (`plugins {`,
; `dependencies {`, `node('linux') {`, `pipeline {`) as a module; tasks as functions wherever they
; stand (`task hello {`, `task copy(type: Copy)`, `task('x')`, `tasks.register('x')`,
; `tasks.create('x')`), and Jenkins stages (`stage('Build') {`). Not listed: local variables,
; closures, a task or stage whose name is interpolated (`"test${name}"`), `tasks.named('test')`
; and other blocks that configure what is declared elsewhere, blocks below the top level.
;
; The grammar reads scripts well and types less so: it has no node for a trait, an enum, a record
; or a constructor, and some class heads (`implements` after a generic superclass) and method heads
; (an annotation on a parameter, `<T>` before the return type) it reads as other nodes and
; ERRORs. The patterns below name those shapes; the keyword scanner reads the ERROR regions. A
; class whose braces the grammar cannot pair is an ERROR whole: the scanner finds it and its
; `def`s, the query its methods, and its fields are not listed.

; --- types ---------------------------------------------------------------------------------------
; `class A implements B {`: some heads put the name and `implements` in an ERROR after `class`.
(class_definition "class" . (ERROR . (identifier) @class.name . (identifier) @_implements) (#eq? @_implements "implements")) @class
(class_definition "interface" . (ERROR . (identifier) @interface.name . (identifier) @_extends) (#eq? @_extends "extends")) @interface
(class_definition "class" name: (identifier) @class.name) @class
(class_definition "interface" name: (identifier) @interface.name) @interface
(class_definition "@interface" name: (identifier) @interface.name) @interface

; `trait T {` and `enum E {` are a word, the name, and a closure (or a call of the word, then the
; closure). Each is known by its name's node, as a top-level block (below) would be: the first
; pattern wins it.
((identifier) @_kw . (identifier) @trait.name @trait . (closure) @trait (#eq? @_kw "trait"))
((juxt_function_call function: (identifier) @_kw args: (argument_list . (identifier) @trait.name .)) @trait . (closure) @trait (#eq? @_kw "trait"))
((identifier) @_kw . (identifier) @enum.name @enum . (closure) @enum (#eq? @_kw "enum"))
((juxt_function_call function: (identifier) @_kw args: (argument_list . (identifier) @enum.name .)) @enum . (closure) @enum (#eq? @_kw "enum"))
; `record R(int x) {`: `record` called with a call of the name, the closure its last argument.
((juxt_function_call function: (identifier) @_kw
   args: (argument_list . (function_call function: (identifier) @class.name args: (argument_list (closure) .)) .)) @class
  (#eq? @_kw "record"))

; --- enum constants and constructors -------------------------------------------------------------
; Constants by Java's naming (`RED`, `RED('r')`, `A, B, C`), each its name's line long (the grammar
; may read the next ones as its arguments); the constructor is a call of the enum's name.
((identifier) @_kw . (identifier) @_enum .
  (closure (function_call function: (identifier) @function.name args: (argument_list (closure) .)) @function)
  (#eq? @_kw "enum") (#eq? @_enum @function.name))
((identifier) @_kw . (identifier) @_enum .
  (closure [
    (function_call function: (identifier) @const.name @const)
    (juxt_function_call function: (identifier) @const.name @const)
    (ERROR (parameter_list (parameter name: (identifier) @const.name) @const))
  ])
  (#eq? @_kw "enum") (#match? @const.name "^[A-Z][A-Z0-9_]*$"))
((identifier) @_kw . (identifier) @_enum .
  (closure (juxt_function_call args: (argument_list (identifier) @const.name @const)))
  (#eq? @_kw "enum") (#match? @const.name "^[A-Z][A-Z0-9_]*$"))

; A class's constructor: `Name(…) {` is a call given a closure; `public Name() {` an ERROR, then
; the closure; `private Name(int x) {` a declaration of the first parameter, ERRORs, the closure.
; The class's name is its `name`, or the first word of the ERROR after `class` (see above).
(class_definition [name: (identifier) @_class ("class" . (ERROR . (identifier) @_class))]
  body: (closure (function_call function: (identifier) @function.name args: (argument_list (closure) .)) @function)
  (#eq? @_class @function.name))
(class_definition [name: (identifier) @_class ("class" . (ERROR . (identifier) @_class))]
  body: (closure (ERROR (access_modifier) . (identifier) @function.name .) @function . (closure) @function)
  (#eq? @_class @function.name))
(class_definition [name: (identifier) @_class ("class" . (ERROR . (identifier) @_class))]
  body: (closure
    (declaration (access_modifier) . (ERROR . (identifier) @function.name .)) @function .
    ((ERROR) @function . (declaration) @function)* .
    (ERROR) @function . (closure) @function)
  (#eq? @_class @function.name))

; --- methods and functions -----------------------------------------------------------------------
; A function directly in a type is shown as a method.
(function_definition function: (quoted_identifier) @test.name) @test
(function_definition function: (identifier) @function.name) @function
; `static <T> T first(…) {`: a declaration of the type, then a call of the name given the body.
((declaration type: (type_with_generics . (identifier) @_none)) @function .
  (function_call function: (identifier) @function.name args: (argument_list (closure) .)) @function
  (#eq? @_none ""))
; A method head the grammar stops reading early (an annotation or `final` on a parameter, a
; parameter list over lines): its body is the closure after what it could not read.
((function_declaration function: (quoted_identifier) @test.name) @test . (_) @test . (ERROR) @test . (closure) @test)
((function_declaration function: (quoted_identifier) @test.name) @test . (ERROR) @test . (closure) @test)
((function_declaration function: (identifier) @function.name) @function . (_) @function . (ERROR) @function . (closure) @function)
((function_declaration function: (identifier) @function.name) @function . (ERROR) @function . (closure) @function)
; An abstract or interface method.
(function_declaration function: (identifier) @function.name) @function

; --- fields and script variables -----------------------------------------------------------------
; Each preceding sibling is captured: an anchored step that captures nothing matches only once.
; A declaration after an ERROR is what a method head the grammar stopped reading left (a parameter).
(class_definition body: (closure . (declaration name: (identifier) @const.name) @const))
(class_definition body: (closure [(declaration) (function_definition) (class_definition) (comment) (groovy_doc)] @_previous . (declaration name: (identifier) @const.name) @const))
((identifier) @_kw . (identifier) . (closure (declaration name: (identifier) @const.name) @const) (#any-of? @_kw "trait" "enum"))
((declaration name: (identifier) @const.name) @const (#has-parent? @const source_file))

; --- scripts: Gradle tasks, Jenkins stages, top-level blocks -------------------------------------
((juxt_function_call function: (identifier) @_task args: (argument_list . (identifier) @function.name .)) @function . (closure)? @function (#eq? @_task "task"))
((identifier) @_task . (function_call function: (identifier) @function.name) @function (#eq? @_task "task"))
((function_call function: (identifier) @_task args: (argument_list . (string . (string_content) @function.name .))) @function (#any-of? @_task "task" "stage"))
((function_call
   function: (dotted_identifier [(identifier) @_tasks (dotted_identifier (identifier) @_tasks .)] . (identifier) @_register .)
   args: (argument_list . (string . (string_content) @function.name .))) @function
  (#eq? @_tasks "tasks") (#any-of? @_register "register" "create"))
(pipeline "pipeline" @module.name) @module
((juxt_function_call function: (identifier) @module.name args: (argument_list . (closure) .)) @module (#has-parent? @module source_file) (#not-eq? @module.name "task"))
((function_call function: (identifier) @module.name args: (argument_list (closure) .)) @module (#has-parent? @module source_file) (#not-any-of? @module.name "task" "stage"))
((identifier) @module.name @module . (closure) @module (#has-parent? @module source_file))
