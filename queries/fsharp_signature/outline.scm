; F# signature files (`.fsi`): what queries/fsharp/common.scm lists (namespaces, modules, types,
; members, implemented interfaces), and each `val` (a function where its type takes arguments,
; `val applyTax: price: decimal -> decimal`; else a const). The grammar reads a type's member
; signatures only in some shapes: a class written as its members alone (`type Cart =⏎ new: … ⏎
; member Owner: string`) and a union followed by members leave an ERROR.
(value_definition (value_declaration_left (_ . (long_identifier_or_op) @function.name)) (curried_spec (arguments_spec))) @function
(value_definition (value_declaration_left (_ . (long_identifier_or_op) @const.name))) @const
