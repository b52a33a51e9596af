" Vim syntax file
" Language:   MLIR textual IR (*.mlir)
" Origin:     mlir-analyzer, editors/nvim/syntax/mlir.vim. Written for mlir-analyzer
"             from the lexical grammar in MLIR's LangRef, following the token classes
"             of our TextMate grammar (editors/vscode/syntaxes/mlir.tmLanguage.json);
"             not derived from LLVM's mlir.vim.
"
" For Neovim (from 0.7) and Vim. On a Neovim whose LSP client asks mlir-analyzer for
" semantic tokens (0.9+), those are drawn on top of these groups.
"
" Every item ends on the line it starts on: comments; strings, at their closing quote
" or the end of the line (an MLIR string cannot hold a newline; `end=+^+` also ends, at
" the next line, one whose end 'synmaxcol' kept Vim from reaching); `loc(...)`
" (`oneline`). No state carries from one line to the next, so one stray quote or brace
" cannot break the rest of the file, and syncing needs no look-back (`syntax sync` at
" the end). Type and attribute bodies `<...>` are not regions: what is inside them gets
" the same groups as anywhere else. Look-behind is at most one character.

if exists('b:current_syntax')
  finish
endif

let s:cpo_save = &cpo
set cpo&vim

syntax case match
" Keywords match whole bare identifiers, dots included: `x.to` holds no keyword `to`.
syntax iskeyword @,48-57,_,$,.
syntax spell notoplevel

" \%#=1 puts a pattern on Vim's backtracking regexp engine: for these patterns (word
" alternations, no nested repeats, so no runaway backtracking) it is several times
" faster than the NFA engine, which dominates the time spent on a big file.
let s:bt = '\%#=1'
" Not preceded / not followed by a character of a bare identifier (`syntax iskeyword`).
let s:nb = '\<'
let s:ne = '\>'
" suffix-id: the name after `%`, `^` and `@`.
let s:suffix = '\%(\d\+\|[[:alpha:]$._-][[:alnum:]$._-]*\)'
" Builtin types; also the element-type keywords of a shape (`4xvector<...>`).
let s:builtin = '\%([su]\=i\d\+\|index\|none\|bf16\|tf32\|f16\|f32\|f64\|f80\|f128'
      \ . '\|f[4-8]E\d\+M\d\+\%(B11\)\=\%(FNUZ\|FNU\|FN\)\='
      \ . '\|tensor\|memref\|vector\|complex\|tuple\)'
" One dimension of a shape: static, dynamic, or scalable (`[4]`).
let s:dim = '\%(\d\+\|?\|\[\d\+\]\)'

" Comments, split markers and test annotations.
syntax keyword mlirTodo contained TODO FIXME XXX
syntax match mlirComment +//.*+ contains=mlirTodo,mlirDirective,mlirExpected,mlirCheckPattern,mlirCheckVar,@Spell
" `// -----` separates the test cases of an `-split-input-file` test.
syntax match mlirSplitMarker +^\s*\zs//\s*-----\s*$+
" lit and FileCheck directives right after `//`: RUN:, CHECK:, CHECK-NEXT:, FOO-LABEL:, ...
syntax match mlirDirective contained +\%#=1//\s*\zs\%(RUN\|REQUIRES\|UNSUPPORTED\|XFAIL\|DEFINE\|REDEFINE\|CHECK\|\u[[:upper:][:digit:]_]*-\%(NEXT\|SAME\|NOT\|DAG\|LABEL\|EMPTY\|COUNT-\d\+\)\)\ze:+
" -verify-diagnostics: expected-error, expected-warning@+1, expected-note@above, ...
syntax match mlirExpected contained +\%#=1[[:alnum:]_-]\@1<!expected-\%(error\|warning\|note\|remark\)\%(@\%(above\|below\|unknown\|[-+]\d\+\|[[:alnum:]_.-]\+:\d\+\)\*\=\)\=+
" The message of an expected-* annotation, a regex in a FileCheck pattern: {{...}}.
syntax match mlirCheckPattern contained +{{.\{-}}}+
" FileCheck variables: [[VAR:regex]], [[VAR]], [[#@LINE+1]].
syntax match mlirCheckVar contained +\[\[.\{-}\]\]+

" Strings. An unterminated one ends at the end of the line. An escaped quote is inside
" mlirEscape, so it does not end the string (a skip= pattern as well made a line of many
" escaped quotes take seconds).
syntax region mlirString start=+"+ end=+"+ end=+$+ end=+^+ contains=mlirEscapeError,mlirEscape
syntax match mlirEscapeError contained +\\.+
syntax match mlirEscape contained +\\\%(\x\x\|[nt"\\]\)+

" A string directly followed by `(` is a generic-form op name: `"dialect.op"(...)`.
" Defined after mlirString, so it wins where both start.
syntax match mlirGenericOp +"[^"\\]*"\ze\s*(+

" Numbers. An integer followed by `x` is a dimension (mlirDims), not a number.
execute 'syntax match mlirNumber /' . s:bt . '[-+]\=' . s:nb . '\d\+' . s:ne . '/'
execute 'syntax match mlirNumber /' . s:bt . s:nb . '0x\x\+' . s:ne . '/'
execute 'syntax match mlirFloat /' . s:bt . '[-+]\=' . s:nb . '\d\+\.\d*\%([eE][-+]\=\d\+\)\=' . s:ne . '/'

" SSA values: %0, %arg0, %x#1 (one result of %x), %x:2 (a result count before `=` or `,`).
execute 'syntax match mlirValue /' . s:bt . '%' . s:suffix . '\%(#\d\+\)\=\%(:\d\+\%(\s*[,=]\)\@=\)\=/'
" Block labels and successors: ^bb0, ^entry.
execute 'syntax match mlirBlock /' . s:bt . '\^' . s:suffix . '/'
" Symbol references: @f, @"quoted name", each part of @outer::@inner.
execute 'syntax match mlirSymbol /' . s:bt . '@' . s:suffix . '/'
syntax region mlirSymbol start=+@"+ end=+"+ end=+$+ end=+^+ contains=mlirEscapeError,mlirEscape

" Attribute and type aliases (`#map`, `!ty`) and dialect attributes and types, pretty
" (`#arith.fastmath<fast>`, `!llvm.ptr`) or opaque (`#gpu<...>`, `!dialect<...>`). An
" alias name may hold dots too; a dotted name is taken for a dialect one.
syntax match mlirAttrAlias +#\h[[:alnum:]_$]*[[:alnum:]_$.]\@!+
syntax match mlirDialectAttr +#\h[[:alnum:]_$]*\ze<+
syntax match mlirDialectAttr +#\h[[:alnum:]_$]*\.[[:alnum:]_$.]*+
syntax match mlirTypeAlias +!\h[[:alnum:]_$]*[[:alnum:]_$.]\@!+
syntax match mlirDialectType +!\h[[:alnum:]_$]*\ze<+
syntax match mlirDialectType +!\h[[:alnum:]_$]*\.[[:alnum:]_$.]*+

" Op names in custom form where a statement starts: at the start of a line, after the
" `=` of the results, or after a `{` (a one-line region). Dictionary entries (a name
" followed by `=`, `,` or `}`: `{gpu.container_module}`) are not ops.
execute 'syntax match mlirOp /' . s:bt . '\%(^\|[={]\)\s*\zs\h[[:alnum:]_$]*\.[[:alpha:]_$][[:alnum:]_$.]*' . s:ne . '\%(\s*[=,}]\)\@!/'
" Undotted ops (`module`, `func`, `return`) at the start of a line. Keywords win over
" this, and so do types (defined below); a name followed by `=`, `(`, `:`, `,` or `<`
" starts a continuation line (`key = ...`, `outs(...)`), not an op.
execute 'syntax match mlirOp /' . s:bt . '^\s*\zs\h[[:alnum:]_$]*' . s:ne . '\%(\s*[=(:,<]\)\@!/'

" Builtin types, at a word start or as the element type right after a shape.
execute 'syntax match mlirType /' . s:bt . s:nb . s:builtin . s:ne . '/'
execute 'syntax match mlirElemType contained /' . s:bt . s:builtin . s:ne . '/'
" Shapes: `4x?x` of tensor<4x?xf32>, `*x` of memref<*xf32>, `[4]x8x` of vector<[4]x8xf32>,
" one `Nx` step at a time, each only before another step or an element type (so `0xFF`
" stays a number). Steps are chained with nextgroup rather than repeated in one
" pattern, which on a very long shape would need unbounded regexp memory.
let s:dimnext = '\ze\%(' . s:dim . 'x\|' . s:builtin . s:ne . '\|!\)'
execute 'syntax match mlirDims /' . s:bt . '\%(' . s:nb . '\d\+\|[?*]\|\[\d\+\]\)x' . s:dimnext . '/'
      \ . ' contains=mlirDimNumber,mlirDynamic nextgroup=mlirDims,mlirElemType'
execute 'syntax match mlirDims contained /' . s:bt . s:dim . 'x' . s:dimnext . '/'
      \ . ' contains=mlirDimNumber,mlirDynamic nextgroup=mlirDims,mlirElemType'
syntax match mlirDimNumber contained +\d\++
syntax match mlirDynamic contained +[?*]+
" `?` elsewhere: strided<[?, 1], offset: ?>.
syntax match mlirDynamic +?+

" Keywords.
syntax keyword mlirKeyword attributes to step iter_args ins outs into from shared_outs else in at default
syntax keyword mlirBuiltinAttr affine_map affine_set dense dense_resource array sparse strided distinct opaque
syntax keyword mlirBoolean true false
syntax keyword mlirUnit unit
syntax keyword mlirVisibility private public nested
syntax keyword mlirAffineOp ceildiv floordiv mod
syntax match mlirArrow +->+

" Trailing locations: loc("file.mlir":3:7), loc(callsite(#loc1 at #loc2)), loc("name"(...)).
" The parenthesised part is a region, so that a name location's `"name"(` is not taken
" for a generic op. `loc` is a match, not a keyword, as a keyword would win over the
" match that chains to the region.
execute 'syntax match mlirBuiltinAttr /' . s:bt . s:nb . 'loc' . s:ne . '/'
execute 'syntax match mlirBuiltinAttr /' . s:bt . s:nb . 'loc\ze\s*(/ nextgroup=mlirLoc skipwhite'
syntax cluster mlirLocContents contains=mlirLocNested,mlirLocKeyword,mlirString,mlirNumber,mlirAttrAlias,mlirDialectAttr
" matchgroup: a region's contained items could otherwise start on its own `(` too.
syntax region mlirLoc contained matchgroup=mlirLocParen start=+(+ end=+)+ oneline contains=@mlirLocContents
syntax region mlirLocNested contained transparent matchgroup=mlirLocParen start=+(+ end=+)+ oneline contains=@mlirLocContents
syntax keyword mlirLocKeyword contained callsite fused unknown at

" File metadata: {-# dialect_resources: { ... } #-}.
syntax match mlirMetadataDelim +{-#\|#-}+
syntax keyword mlirMetadataKey dialect_resources external_resources

" No item spans lines, so a line's highlighting never depends on the lines above it.
syntax sync minlines=1 maxlines=1

hi def link mlirComment       Comment
hi def link mlirTodo          Todo
hi def link mlirSplitMarker   SpecialComment
hi def link mlirDirective     SpecialComment
hi def link mlirExpected      SpecialComment
hi def link mlirCheckPattern  String
hi def link mlirCheckVar      Identifier
hi def link mlirString        String
hi def link mlirEscape        SpecialChar
hi def link mlirEscapeError   Error
hi def link mlirGenericOp     Statement
hi def link mlirOp            Statement
hi def link mlirNumber        Number
hi def link mlirFloat         Float
hi def link mlirValue         Identifier
hi def link mlirBlock         Label
hi def link mlirSymbol        Function
hi def link mlirAttrAlias     PreProc
hi def link mlirDialectAttr   PreProc
hi def link mlirTypeAlias     Type
hi def link mlirDialectType   Type
hi def link mlirType          Type
hi def link mlirElemType      Type
hi def link mlirDimNumber     Number
hi def link mlirDynamic       Special
hi def link mlirKeyword       Keyword
hi def link mlirBuiltinAttr   Keyword
hi def link mlirLocKeyword    Keyword
hi def link mlirBoolean       Boolean
hi def link mlirUnit          Constant
hi def link mlirVisibility    StorageClass
hi def link mlirAffineOp      Operator
hi def link mlirArrow         Operator
hi def link mlirMetadataDelim PreProc
hi def link mlirMetadataKey   PreProc

let b:current_syntax = 'mlir'

let &cpo = s:cpo_save
unlet s:cpo_save
