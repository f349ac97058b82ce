; Just outline (justfiles). Captures: @<kind> on the declaration, @<kind>.name on its name (see queries/README.md).
; Listed: recipes (functions, from their attributes to their last line), variables (consts, exported
; ones too), aliases (functions: `alias b := build` is a recipe by another name), modules (`mod docs`).
; Not listed: settings, imports.

(recipe (recipe_header name: (identifier) @function.name)) @function
(source_file (assignment left: (identifier) @const.name) @const)
(export (assignment left: (identifier) @const.name)) @const
(alias left: (identifier) @function.name) @function
(module name: (identifier) @module.name) @module
