; Ruby outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; `attr_accessor` and friends, `alias`, `define_method`, Rails macros (`scope`, `has_many`) and
; local variables are not listed.

; module and class, named as written (`Billing::Invoice`).
(module name: (_) @module.name) @module
(class name: (_) @class.name) @class

; def. At the top of the file it is a function; anywhere else it is a method: in a class or a
; module (a module's defs are the methods it mixes in), in `class << self`, in a block (`included
; do`, `class_methods do`, `Struct.new do`). The first pattern that matches a def wins. The name is
; the def's first named child (and a singleton def's, the one right after its object): where a
; broken line makes tree-sitter stretch a def over an ERROR, a later word is not taken for its name.
(program (method . name: (_) @function.name) @function)

; A def in `class << self` is a singleton method, named like `def self.x`: "self.x".
(singleton_class
  value: (_) @method.scope
  body: (body_statement (method . name: (_) @method.name) @method))

(method . name: (_) @method.name) @method

; `def self.x` and `def obj.x`: named as written, "self.x".
(singleton_method object: (_) @method.scope . name: (_) @method.name) @method

; Constants: `FOO = …` (and `Api::TIMEOUT = …`) at the top of the file, in a class or module, or in
; a block there (Ruby refuses a constant assignment in a def). `A, B = 1, 2` gives one entry a name.
(assignment left: [(constant) (scope_resolution name: (constant))] @const.name) @const
(assignment left: (left_assignment_list (constant) @const @const.name))

; RSpec and minitest/spec: `describe Foo do`, `RSpec.describe "…" do`, `context "…" do` (and
; Capybara's `feature`, RSpec's shared groups) are suites; `it "…" do`, `specify`, `example` and
; `scenario` (`{ … }` blocks too) tests. Named by their first argument: a string's contents, or the
; constant or symbol as written. `it { … }` has no description and is not listed.
(call
  method: (identifier) @_method
  arguments: (argument_list . (_) @suite.name)
  block: (_)
  (#any-of? @_method "describe" "context" "feature" "xdescribe" "xcontext" "fdescribe" "fcontext" "shared_examples" "shared_examples_for" "shared_context")) @suite
(call
  method: (identifier) @_method
  arguments: (argument_list . (_) @test.name)
  block: (_)
  (#any-of? @_method "it" "specify" "example" "scenario" "xit" "xspecify" "xexample" "xscenario" "fit" "fspecify" "fexample" "fscenario" "its")) @test
