; Racket outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: `(define (name …) …)` and its forms `define/contract`, `define/public`, `define/private`,
; `define/override`…, `define-for-syntax`, and a name given a `lambda`, `λ` or `case-lambda`
; (functions; a curried `(define ((name a) b) …)` by its innermost name), at any depth, so internal
; definitions nest in their function; `(define name value)` of any other value (consts) at the top
; of the file or of a module; `define-syntax`, `define-syntax-rule`, `define-simple-macro`,
; `define-syntax-parser` and `define-syntax-parse-rule` (macros); `struct`, `define-struct` and
; `define-record-type` (structs); Typed Racket's `define-type` (types, a parameterised one by its
; name); `module`, `module+` and `module*` (modules, holding their definitions). Not listed:
; `define-values`, `set!`, local bindings (`let`), struct fields and accessors, tests
; (`test-case`), a project's own defining forms.

((list . (symbol) @_def . (list . (symbol) @function.name)) @function
  (#any-of? @_def "define" "define/contract" "define/public" "define/private" "define/override"
    "define/augment" "define/pubment" "define/public-final" "define/override-final" "define/augride"
    "define/overment" "define/augment-final" "define-for-syntax"))
((list . (symbol) @_def . (list . (list . (symbol) @function.name))) @function
  (#eq? @_def "define"))
((list . (symbol) @_def . (symbol) @function.name . (list . (symbol) @_lambda)) @function
  (#any-of? @_def "define" "define/contract") (#any-of? @_lambda "lambda" "case-lambda" "λ"))

((list . (symbol) @_def . (symbol) @const.name . (_) @_value) @const
  (#any-of? @_def "define" "define-for-syntax") (#not-match? @_value "^\\((lambda|case-lambda|λ)[\\s)]") (#has-parent? @const program ERROR))
((list . (symbol) @_def . (symbol) @const.name .) @const
  (#any-of? @_def "define" "define-for-syntax") (#has-parent? @const program ERROR))
((list . (symbol) @_body (list . (symbol) @_def . (symbol) @const.name . (_) @_value) @const)
  (#any-of? @_body "module" "module+" "module*") (#eq? @_def "define") (#not-match? @_value "^\\((lambda|case-lambda|λ)[\\s)]"))

((list . (symbol) @_def . [(symbol) @macro.name (list . (symbol) @macro.name)]) @macro
  (#any-of? @_def "define-syntax" "define-syntax-rule" "define-simple-macro" "define-syntax-parser"
    "define-syntax-parse-rule"))

((list . (symbol) @_def . [(symbol) @struct.name (list . (symbol) @struct.name)]) @struct
  (#any-of? @_def "struct" "define-struct" "define-record-type"))

((list . (symbol) @_def . [(symbol) @type.name (list . (symbol) @type.name)]) @type
  (#eq? @_def "define-type"))

((list . (symbol) @_def . (symbol) @module.name) @module
  (#any-of? @_def "module" "module+" "module*"))
