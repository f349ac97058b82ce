; Terraform outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed, named by their labels as Terraform addresses them: `resource "aws_vpc" "this"` (a struct
; `aws_vpc.this`), `data "aws_region" "current"` (a struct `data.aws_region.current`), `module "vpc"`
; (a module `vpc`), `variable "region"` and `output "vpc_id"` (consts), and a `locals` block (a
; module `locals`) holding each of its values (consts). Not listed: `terraform`, `provider`,
; `moved`, `import` blocks, and the blocks inside a resource (`dynamic`, `lifecycle`).

((block (identifier) @_type (string_lit (template_literal) @struct.scope) (string_lit (template_literal) @struct.name)) @struct
  (#eq? @_type "resource"))
((block (identifier) @_type @struct.scope (string_lit (template_literal) @struct.scope) (string_lit (template_literal) @struct.name)) @struct
  (#eq? @_type "data"))
((block (identifier) @_type (string_lit (template_literal) @module.name)) @module
  (#eq? @_type "module"))
((block (identifier) @_type (string_lit (template_literal) @const.name)) @const
  (#any-of? @_type "variable" "output"))
((block (identifier) @module.name . (block_start)) @module
  (#eq? @module.name "locals"))
((block (identifier) @_type (body (attribute (identifier) @const.name) @const))
  (#eq? @_type "locals"))
