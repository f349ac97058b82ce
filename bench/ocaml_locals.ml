(* Prints "line name", a line each, for every name a local `let` binds in the OCaml file given
   (`let … in`, and a class's `let … in`), as the compiler's own parser reads it; exits 1 when it
   cannot parse the file. Built by bench/ocamlLocals.ts against compiler-libs. *)
open Parsetree

let print_bound_names pattern =
  let open Ast_iterator in
  let pat self p =
    (match p.ppat_desc with
     | Ppat_var { txt; loc } | Ppat_alias (_, { txt; loc }) -> Printf.printf "%d %s\n" loc.loc_start.pos_lnum txt
     | _ -> ());
    default_iterator.pat self p
  in
  let iterator = { default_iterator with pat } in
  iterator.pat iterator pattern

let () =
  let file = Sys.argv.(1) in
  let lexbuf = Lexing.from_channel (open_in_bin file) in
  Location.init lexbuf file;
  match Parse.implementation lexbuf with
  | exception _ -> exit 1
  | structure ->
      let open Ast_iterator in
      let bindings = List.iter (fun binding -> print_bound_names binding.pvb_pat) in
      let expr self e =
        (match e.pexp_desc with Pexp_let (_, list, _) -> bindings list | _ -> ());
        default_iterator.expr self e
      in
      let class_expr self c =
        (match c.pcl_desc with Pcl_let (_, list, _) -> bindings list | _ -> ());
        default_iterator.class_expr self c
      in
      let iterator = { default_iterator with expr; class_expr } in
      iterator.structure iterator structure
