; SQL outline. Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: tables (structs), views and materialized views (types), functions and procedures
; (functions), types (`CREATE TYPE`: types), named without their schema (`public.orders` → `orders`).
; Not listed: columns, indexes, triggers, sequences, grants. The text is given the grammar as
; `src/languages/sql/sqlText.ts` rewrites it: a procedure reads as a function, a body as blank.

(create_table (object_reference name: (_) @struct.name)) @struct
[
  (create_view (object_reference name: (_) @type.name))
  (create_materialized_view (object_reference name: (_) @type.name))
  (create_type (object_reference name: (_) @type.name))
] @type
(create_function (object_reference name: (_) @function.name)) @function

; A function the grammar cannot read whole (a procedure: no `RETURNS`), its name after `CREATE FUNCTION`:
; the error is the statement, as the grammar starts again at its `;`.
(ERROR (keyword_function) . (object_reference name: (_) @function.name)) @function
