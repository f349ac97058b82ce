; Emacs Lisp outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed, at any depth (a `defun` in an `eval-and-compile` or a `with-eval-after-load` counts), as
; Universal Ctags's EmacsLisp parser lists them: `defun`, `defun*`, `cl-defun`, `defsubst`,
; `cl-defsubst`, `define-inline`, `cl-defgeneric`, `cl-defmethod` (one entry a method),
; `defalias` and `define-obsolete-function-alias` (functions, named by their quoted symbol), the
; modes of `define-minor-mode`, `define-globalized-minor-mode`, `define-derived-mode` (functions,
; as the mode is a command); `defmacro`, `defmacro*`, `cl-defmacro` (macros); `defvar`,
; `defvar-local`, `defcustom`, `defconst`, `defface`, `defvaralias` and
; `define-obsolete-variable-alias` (consts); `defgroup` and `deftheme` (modules, holding nothing:
; a group's members name it, they are not inside it); `define-error` (type); `cl-defstruct` (struct,
; named without its options); `defclass` (class); `ert-deftest` (test). Not listed: advice
; (`defadvice`, `define-advice`, named by the function they change), keymaps and key bindings,
; `let` bindings, lambdas.

; defun, defsubst (the grammar's own nodes)
(function_definition name: (symbol) @function.name) @function
(macro_definition name: (symbol) @macro.name) @macro
(special_form ["defvar" "defconst"] . (symbol) @const.name) @const

((list . (symbol) @_def . (symbol) @function.name) @function
  (#any-of? @_def "defun*" "cl-defun" "cl-defsubst" "define-inline" "cl-defgeneric" "cl-defmethod"
    "define-minor-mode" "define-globalized-minor-mode" "define-global-minor-mode" "define-derived-mode"))
((list . (symbol) @_def . (quote (symbol) @function.name)) @function
  (#any-of? @_def "defalias" "define-obsolete-function-alias"))
((list . (symbol) @_def . (symbol) @macro.name) @macro
  (#any-of? @_def "defmacro*" "cl-defmacro"))
((list . (symbol) @_def . (symbol) @const.name) @const
  (#any-of? @_def "defvar-local" "defcustom" "defface"))
((list . (symbol) @_def . (quote (symbol) @const.name)) @const
  (#any-of? @_def "defvaralias" "define-obsolete-variable-alias"))
((list . (symbol) @_def . (symbol) @module.name) @module
  (#any-of? @_def "defgroup" "deftheme"))
((list . (symbol) @_def . (quote (symbol) @type.name)) @type
  (#eq? @_def "define-error"))
((list . (symbol) @_def . [(symbol) @struct.name (list . (symbol) @struct.name)]) @struct
  (#any-of? @_def "cl-defstruct" "defstruct"))
((list . (symbol) @_def . (symbol) @class.name) @class
  (#eq? @_def "defclass"))
((list . (symbol) @_def . (symbol) @test.name) @test
  (#eq? @_def "ert-deftest"))
