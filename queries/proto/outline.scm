; Protocol Buffers outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: the package (a module holding the whole file, named as written: `grpc.health.v1`, as
; ctags scopes a file's definitions in it); messages (structs) with the messages and enums nested
; in them; enums; services (interfaces) with their rpcs (methods). Not listed: fields, enum values,
; oneofs, options, `extend` blocks, imports.

(source_file (package (full_ident) @module.name)) @module

(message (message_name) @struct.name) @struct
(enum (enum_name) @enum.name) @enum
(service (service_name) @interface.name) @interface
(rpc (rpc_name) @method.name) @method
