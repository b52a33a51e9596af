-- Headless test of syntax/mlir.vim, the Vim syntax file: with this folder on
-- 'runtimepath' from startup (test/run.sh passes --cmd, as a user's init would) and
-- `syntax on`, a copy of test/fixtures/highlight.mlir gets filetype mlir from
-- ftdetect/mlir.lua without setup(), and the syntax file loaded is ours. Then the group
-- of every character of chosen tokens: the mlir* group (synID), the standard group it
-- links to (`:highlight`), and that synIDtrans resolves both alike; a few tokens that
-- must stay unhighlighted; and a big
-- buffer with pathological lines that must highlight without an error, in bounded
-- time. Run by test/run.sh; exits 0 on success, 1 on failure.
local plugin_dir = assert(vim.env.MLIR_NVIM_PLUGIN, 'MLIR_NVIM_PLUGIN not set')
local work = assert(vim.env.MLIR_NVIM_WORK, 'MLIR_NVIM_WORK not set')

local passed, failed = 0, 0
local function check(ok, what)
  io.stdout:write((ok and 'ok   ' or 'FAIL ') .. what .. '\n')
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
  end
  return ok
end

local function finish()
  local v = vim.version()
  io.stdout:write(('nvim %d.%d.%d syntax: %d passed, %d failed\n'):format(v.major, v.minor, v.patch, passed, failed))
  vim.cmd(failed == 0 and 'qall!' or 'cquit 1')
end

local function same_file(a, b)
  return vim.fn.resolve(vim.fn.fnamemodify(a, ':p')) == vim.fn.resolve(vim.fn.fnamemodify(b, ':p'))
end

local on_rtp = false
for _, dir in ipairs(vim.api.nvim_list_runtime_paths()) do
  on_rtp = on_rtp or same_file(dir, plugin_dir)
end
if not check(on_rtp, 'the plugin folder is on runtimepath from startup') then
  return finish()
end

local ok, err = pcall(vim.cmd, 'syntax on')
check(ok, 'syntax on ' .. (ok and '' or tostring(err)))

-- No setup(): the filetype must come from ftdetect/mlir.lua alone.
local file = work .. '/highlight.mlir'
vim.fn.writefile(vim.fn.readfile(plugin_dir .. '/test/fixtures/highlight.mlir'), file)
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
check(vim.bo[bufnr].filetype == 'mlir', 'filetype of highlight.mlir is mlir (got ' .. vim.bo[bufnr].filetype .. ')')
check(vim.b[bufnr].current_syntax == 'mlir', 'b:current_syntax is mlir (got ' .. tostring(vim.b[bufnr].current_syntax) .. ')')

local ours = plugin_dir .. '/syntax/mlir.vim'
local sourced = false
for _, entry in ipairs(vim.split(vim.fn.execute('scriptnames'), '\n', { trimempty = true })) do
  local path = entry:match('^%s*%d+:%s*(.-)%s*$')
  sourced = sourced or (path ~= nil and same_file(vim.fn.expand(path), ours))
end
check(sourced, 'the syntax file sourced is ' .. ours)

local lines = vim.api.nvim_buf_get_lines(bufnr, 0, -1, true)

-- `spec` is a piece of one line of the fixture with the token to check in backticks:
-- 'arith.addi `%arg0`'. Returns the line and column of the token, and the token.
local function locate(spec)
  local before, token, after = spec:match('^(.-)`(.-)`(.*)$')
  local context = before .. token .. after
  for lnum, text in ipairs(lines) do
    local col = text:find(context, 1, true)
    if col then
      return lnum, col + #before, token
    end
  end
end

local function group_at(lnum, col)
  return vim.fn.synIDattr(vim.fn.synID(lnum, col, 1), 'name')
end

-- The group `group` is linked to, from `:highlight group` ("... links to Number").
local function link_of(group)
  return vim.fn.execute('highlight ' .. group):match('links to (%S+)') or 'nothing'
end

-- Every character of the token has the mlir group `group`, linked to the standard group
-- `linked` (and synIDtrans shows the colours of `linked`). `group` '': no highlighting.
local function expect(spec, group, linked)
  local lnum, col, token = locate(spec)
  if not lnum then
    return check(false, ('%q not in the fixture'):format(spec:gsub('`', '')))
  end
  local bad
  for c = col, col + #token - 1 do
    local id = vim.fn.synID(lnum, c, 1)
    local name = vim.fn.synIDattr(id, 'name')
    if name ~= group then
      bad = ('got %s at column %d'):format(name == '' and 'no group' or name, c)
      break
    end
    if group ~= '' and vim.fn.synIDtrans(id) ~= vim.fn.synIDtrans(vim.fn.hlID(linked)) then
      bad = ('synIDtrans gives %s at column %d'):format(vim.fn.synIDattr(vim.fn.synIDtrans(id), 'name'), c)
      break
    end
  end
  if not bad and group ~= '' and link_of(group) ~= linked then
    bad = group .. ' links to ' .. link_of(group)
  end
  local want = group == '' and 'no group' or (group .. ' -> ' .. linked)
  return check(bad == nil, ('%d:%d %-24s %s%s'):format(lnum, col, token, want, bad and ('; ' .. bad) or ''))
end

-- Comments, split markers and test annotations.
expect('// TODO: `a comment` with', 'mlirComment', 'Comment')
expect('// `TODO`: a comment', 'mlirTodo', 'Todo')
expect('// `RUN`: mlir-opt', 'mlirDirective', 'SpecialComment')
expect('// `CHECK-LABEL`: func @f', 'mlirDirective', 'SpecialComment')
expect('// CHECK-LABEL`: func @f`', 'mlirComment', 'Comment')
expect('a `[[VAR:%.*]]` and', 'mlirCheckVar', 'Identifier')
expect('and a `{{regex}}`', 'mlirCheckPattern', 'String')
expect('// `expected-error@+1` {{', 'mlirExpected', 'SpecialComment')
expect("@+1 `{{custom op 'foo' is unknown}}`", 'mlirCheckPattern', 'String')
expect('`// -----`', 'mlirSplitMarker', 'SpecialComment')
-- Strings and escapes.
expect('{s = `"a`\\"', 'mlirString', 'String')
expect('{s = "a`\\"`b', 'mlirEscape', 'SpecialChar')
expect('b`\\0A`"', 'mlirEscape', 'SpecialChar')
expect('"a\\"`b`\\0A', 'mlirString', 'String') -- an escaped quote does not end the string
expect('\\0A"`, `bad', '', '') -- the next one does
expect('bad = "`\\q`"', 'mlirEscapeError', 'Error')
expect('blob1: `"0x04000000"`', 'mlirString', 'String')
-- Numbers.
expect('arith.constant `42` : index', 'mlirNumber', 'Number')
expect('arith.constant `0x1F` : i64', 'mlirNumber', 'Number')
expect('dense<[`1.5`, -2.0]>', 'mlirFloat', 'Float')
expect('dense<[1.5, `-2.0`]>', 'mlirFloat', 'Float')
expect('d0 floordiv `4`, d1', 'mlirNumber', 'Number')
-- Values, blocks, symbols.
expect('`%0` = arith.addi', 'mlirValue', 'Identifier')
expect('arith.addi `%arg0`, %arg0', 'mlirValue', 'Identifier')
expect('"test.use"(`%x#1`, %c)', 'mlirValue', 'Identifier')
expect('`%x:2` = "test.two"', 'mlirValue', 'Identifier')
expect('`^bb0`(%a: vector', 'mlirBlock', 'Label')
expect('[`^bb0`]', 'mlirBlock', 'Label')
expect('func.func private `@f`(', 'mlirSymbol', 'Function')
expect('sym = `@"quoted sym"`,', 'mlirSymbol', 'Function')
-- Aliases, dialect attributes and types.
expect('`#map` = affine_map', 'mlirAttrAlias', 'PreProc')
expect('#fm = `#arith.fastmath`<fast>', 'mlirDialectAttr', 'PreProc')
expect('`!ty` = !llvm.ptr', 'mlirTypeAlias', 'Type')
expect('!ty = `!llvm.ptr`', 'mlirDialectType', 'Type')
expect('ty = `!dialect`<"opaque">', 'mlirDialectType', 'Type')
expect('} : () -> `!ty`', 'mlirTypeAlias', 'Type')
-- Builtin types, shapes.
expect('(%arg0: `i32`, %m', 'mlirType', 'Type')
expect('%m: `memref`<4x?xf32>)', 'mlirType', 'Type')
expect('%m: memref<`4`x?xf32>)', 'mlirDimNumber', 'Number')
expect('%m: memref<4x`?`xf32>)', 'mlirDynamic', 'Special')
expect('%m: memref<4x?x`f32`>)', 'mlirElemType', 'Type')
expect('%a: `vector`<[4]x8xbf16>', 'mlirType', 'Type')
expect('%a: vector<[`4`]x8xbf16>', 'mlirDimNumber', 'Number')
expect('%a: vector<[4]x8x`bf16`>', 'mlirElemType', 'Type')
expect('%u: `ui8`)', 'mlirType', 'Type')
expect('-> `f8E4M3FN`', 'mlirType', 'Type')
expect(': `tensor`<2xf32>}', 'mlirType', 'Type')
expect('0x1F : `i64`', 'mlirType', 'Type')
expect('42 : `index`', 'mlirType', 'Type')
for _, ty in ipairs({ 'i1', 'si64', 'f16', 'bf16', 'tf32', 'f64', 'f80', 'f128', 'f8E5M2', 'f4E2M1FN', 'none' }) do
  local types = '@types(i1, si64, ui8, f16, bf16, tf32, f64, f80, f128, f8E5M2, f4E2M1FN, none, '
  expect((types:gsub('%f[%w]' .. ty .. ',', '`' .. ty .. '`,', 1)), 'mlirType', 'Type')
end
expect('`complex`<f64>, tuple', 'mlirType', 'Type')
expect('`tuple`<i1, index>', 'mlirType', 'Type')
expect('tuple<i1, `index`>', 'mlirType', 'Type')
expect('tensor<`*`xf32>', 'mlirDynamic', 'Special')
expect('tensor<*x`f32`>', 'mlirElemType', 'Type')
expect('vector<2x[4]x`f32`>', 'mlirElemType', 'Type')
expect('offset: `?`>', 'mlirDynamic', 'Special')
-- Op names, custom and generic.
expect('%0 = `arith.addi` %arg0', 'mlirOp', 'Statement')
expect('  `func.func` private @f(', 'mlirOp', 'Statement')
expect('`linalg.copy` ins(', 'mlirOp', 'Statement')
expect('{ `scf.yield` %s', 'mlirOp', 'Statement')
expect('`module` attributes', 'mlirOp', 'Statement')
expect('`return` %0', 'mlirOp', 'Statement')
expect('%x:2 = `"test.two"`(%0)', 'mlirGenericOp', 'Statement')
expect('`"test.use"`(%x#1', 'mlirGenericOp', 'Statement')
-- Keywords and locations.
expect('i64 `loc`("x.mlir"', 'mlirBuiltinAttr', 'Keyword')
expect('loc(`"x.mlir"`:3:7)', 'mlirString', 'String')
expect('loc("x.mlir":`3`:7)', 'mlirNumber', 'Number')
expect('loc(`"name"`("x.mlir":4:1))', 'mlirString', 'String') -- a name location, not a generic op
expect('loc("name"("x.mlir":4:`1`))', 'mlirNumber', 'Number')
expect('#map = `affine_map`<', 'mlirBuiltinAttr', 'Keyword')
expect('#layout = `strided`<', 'mlirBuiltinAttr', 'Keyword')
expect('#id = `distinct`[0]', 'mlirBuiltinAttr', 'Keyword')
expect('v = `dense`<[1.5', 'mlirBuiltinAttr', 'Keyword')
expect('d = `dense_resource`<blob1>', 'mlirBuiltinAttr', 'Keyword')
expect('a = `array`<i32: 1, 2>', 'mlirBuiltinAttr', 'Keyword')
expect('p = `sparse`<', 'mlirBuiltinAttr', 'Keyword')
expect('module `attributes` {', 'mlirKeyword', 'Keyword')
expect('%i = %a `to` %a', 'mlirKeyword', 'Keyword')
expect('%a `step` %a', 'mlirKeyword', 'Keyword')
expect('%a `iter_args`(', 'mlirKeyword', 'Keyword')
expect('linalg.copy `ins`(', 'mlirKeyword', 'Keyword')
expect(') `outs`(%m', 'mlirKeyword', 'Keyword')
expect('iter_args(%s = %a) `->` (index)', 'mlirArrow', 'Operator')
expect('{flag = `true`,', 'mlirBoolean', 'Boolean')
expect('u = `unit`}', 'mlirUnit', 'Constant')
expect('func.func `private` @f', 'mlirVisibility', 'StorageClass')
expect('d0 `floordiv` 4', 'mlirAffineOp', 'Operator')
-- File metadata.
expect('`{-#`', 'mlirMetadataDelim', 'PreProc')
expect('`#-}`', 'mlirMetadataDelim', 'PreProc')
expect('`dialect_resources`:', 'mlirMetadataKey', 'PreProc')
-- Not highlighted: a discardable attribute in a dictionary is not an op, `=` is plain,
-- and so is what a dialect attribute's body holds.
expect('module attributes {`gpu.container_module`}', '', '')
expect('%0 `=` arith.addi', '', '')
expect('#arith.fastmath<`fast`>', '', '')

-- A big buffer: the fixture many times over, plus lines that would make a careless
-- pattern backtrack for long or run out of regexp memory (E363). Highlight the start
-- and the end of every line (columns past 'synmaxcol' are never highlighted).
local big = {}
while #big < 20000 do
  vim.list_extend(big, lines)
end
local first = #big + 1
vim.list_extend(big, {
  '%t = t.op : tensor<' .. ('4x'):rep(20000) .. 'f32>',
  '%u = t.op ' .. ('4x'):rep(20000) .. 'y',
  '%c = arith.constant dense<"0x' .. ('AB'):rep(100000) .. '"> : tensor<100000xi8>',
  '%v = t.op ' .. ('x'):rep(100000),
  '%s = t.op @"' .. ('a\\"'):rep(30000),
  '"' .. ('a.b'):rep(30000),
  '// ' .. ('{{'):rep(20000),
  ('%a, '):rep(20000),
  ('"a", '):rep(20000),
})
vim.cmd('enew')
vim.api.nvim_buf_set_lines(0, 0, -1, true, big)
vim.bo.filetype = 'mlir'
local start = (vim.uv or vim.loop).hrtime()
ok, err = pcall(function()
  for lnum = 1, #big do
    vim.fn.synID(lnum, 1, 1)
    vim.fn.synID(lnum, math.min(#big[lnum], vim.o.synmaxcol), 1)
  end
end)
local seconds = ((vim.uv or vim.loop).hrtime() - start) / 1e9
check(ok, ('%d lines highlighted without an error%s'):format(#big, ok and '' or (': ' .. tostring(err))))
-- About 1 s; the escaped-quote line alone took 15 s while strings had a skip= pattern.
check(seconds < 10, ('and in %.2f s (limit 10 s)'):format(seconds))
local shape, after, symbol = group_at(first, 2000), group_at(first + 3, 1), group_at(first + 4, 11)
check(shape == 'mlirDimNumber' and after == 'mlirValue' and symbol == 'mlirSymbol',
  'the long lines are highlighted, and the string cut by synmaxcol ends with its line (got '
    .. shape .. ', ' .. after .. ', ' .. symbol .. ')')

finish()
