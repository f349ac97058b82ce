; Dockerfile outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: build stages named by `FROM image AS name` (modules), each its `FROM` line (the grammar
; reads a stage's instructions as siblings of its `FROM`). Not listed: a stage without a name,
; arguments, environment variables.

(from_instruction as: (image_alias) @module.name) @module
