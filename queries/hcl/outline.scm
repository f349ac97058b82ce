; HCL outline (Nomad, Packer, Vault and other configurations; Terraform has its own query).
; Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: every block with a label, named by its type and labels as written (`job "api"`,
; `source "amazon-ebs" "ubuntu"`), nested as written. Not listed: blocks without a label, attributes.

; Two labels before one: the first pattern that captures a block names it.
(block (identifier) @struct.name . (string_lit) @struct.name . (string_lit) @struct.name) @struct
(block (identifier) @struct.name . (string_lit) @struct.name) @struct
