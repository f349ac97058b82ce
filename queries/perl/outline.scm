; Perl outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: packages (modules, named as written: `package Mojo::UserAgent;`), a `package Name { … }`
; holding the subs of its block; named subs (functions, at any depth); constants of `use constant`,
; one entry a name (`use constant DEBUG => 0;`, `use constant {A => 1, B => 2};`). A statement
; `package X;` holds nothing (the subs after it are its own, but Perl's syntax does not enclose them,
; nor does ctags). Not listed: anonymous subs, variables (`our $VERSION`), formats, loop labels.

(package_statement name: (package) @module.name) @module

(subroutine_declaration_statement name: (bareword) @function.name) @function

; `use constant NAME => value;`
((use_statement module: (package) @_module (list_expression . (autoquoted_bareword) @const.name)) @const
  (#eq? @_module "constant"))

; `use constant { A => 1, B => 2 };`: the first key, then the others (the grammar nests them one level down).
((use_statement module: (package) @_module
  (anonymous_hash_expression (list_expression . (autoquoted_bareword) @const @const.name)))
  (#eq? @_module "constant"))
((use_statement module: (package) @_module
  (anonymous_hash_expression (list_expression (list_expression (autoquoted_bareword) @const @const.name))))
  (#eq? @_module "constant"))
