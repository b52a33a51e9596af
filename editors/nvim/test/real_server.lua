-- Headless end-to-end test of lua/mlir_analyzer against the real mlir-analyzer binary:
-- open an .mlir file with a syntax error, wait for the server's diagnostic, fix the
-- line, wait until the diagnostics are gone, break and fix it again with a partial-line
-- edit (incremental sync), ask for the syntax tree, check a hover request is answered
-- (a result or an error: the server need not implement hover), that formatting lays
-- the buffer out with the indent width of init_options, that hover explains a memref
-- type, that `arith.` completes to its ops, that signature help (also in Neovim's
-- float), document links and the call hierarchy answer, and, on Neovim 0.9+,
-- that the server's semantic tokens and syntax/mlir.vim both highlight line 1. Run by
-- test/run.sh; exits 0 on success, 1 on failure.
local plugin_dir = assert(vim.env.MLIR_NVIM_PLUGIN, 'MLIR_NVIM_PLUGIN not set')
local work = assert(vim.env.MLIR_NVIM_WORK, 'MLIR_NVIM_WORK not set')
local server = assert(vim.env.MLIR_ANALYZER, 'MLIR_ANALYZER not set')
vim.opt.runtimepath:prepend(plugin_dir)

local TIMEOUT = 10000 -- ms for each wait; generous for a loaded CI machine
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
  io.stdout:write(('nvim %d.%d.%d real server: %d passed, %d failed\n'):format(v.major, v.minor, v.patch, passed, failed))
  vim.cmd(failed == 0 and 'qall!' or 'cquit 1')
end

local function clients_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

-- client:request on 0.11+, client.request before (the dot form is deprecated there).
local function request(client, method, params, handler, bufnr)
  if vim.fn.has('nvim-0.11') == 1 then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

-- Sends a request straight to the client, bypassing Neovim's capability filter (a
-- request for a method the server does not advertise would otherwise never be sent),
-- and waits for the answer. Returns answered, err, result.
local function request_sync(client, method, params, bufnr)
  local done, err, result = false, nil, nil
  local sent = request(client, method, params, function(e, r)
    done, err, result = true, e, r
  end, bufnr)
  if not sent then
    return false, 'the client refused to send ' .. method, nil
  end
  vim.wait(TIMEOUT, function()
    return done
  end, 10)
  return done, err, result
end

local function line_text(bufnr, lnum)
  return vim.api.nvim_buf_get_lines(bufnr, lnum, lnum + 1, false)[1]
end

local function show(diags)
  local out = {}
  for _, d in ipairs(diags) do
    table.insert(out, ('%d:%d-%d:%d %s'):format(d.lnum, d.col, d.end_lnum or -1, d.end_col or -1, d.message))
  end
  return '[' .. table.concat(out, '; ') .. ']'
end

local function wait_diagnostics(bufnr, want_some)
  vim.wait(TIMEOUT, function()
    local n = #vim.diagnostic.get(bufnr)
    return (n > 0) == want_some
  end, 10)
  return vim.diagnostic.get(bufnr)
end

-- MLIR_NVIM_FORCE_LEGACY=1 hides vim.lsp.config so a 0.11 Neovim exercises the
-- vim.lsp.start path that 0.8-0.10 take.
if vim.env.MLIR_NVIM_FORCE_LEGACY == '1' then
  vim.lsp.config = nil
end

local server_info -- from the initialize result (0.7 keeps no copy of it on the client)
local ok, err = pcall(function()
  require('mlir_analyzer').setup({
    cmd = { server },
    init_options = { format = { indentWidth = 4 } },
    on_init = function(_, result)
      server_info = result.serverInfo
    end,
  })
end)
check(ok, 'setup() runs without error ' .. (ok and '' or tostring(err)))

-- The file is written by test/run.sh; line 2 (index 1) has the error.
local file = work .. '/proj/broken.mlir'
local BROKEN, FIXED = '  "t.op"() : i32', '  "t.op"() : () -> ()'
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
check(vim.bo[bufnr].filetype == 'mlir', 'filetype of broken.mlir is mlir (got ' .. vim.bo[bufnr].filetype .. ')')
check(line_text(bufnr, 1) == BROKEN, 'line 2 of the file is the broken line')

vim.wait(TIMEOUT, function()
  local c = clients_of(bufnr)[1]
  return c ~= nil and c.initialized == true
end, 10)
local client = clients_of(bufnr)[1]
if not check(client ~= nil and client.initialized == true, 'mlir-analyzer started and attached to the buffer') then
  return finish()
end
check(server_info ~= nil and server_info.name == 'mlir-analyzer',
  'the server calls itself mlir-analyzer (got ' .. vim.inspect(server_info) .. ')')

-- 1. The syntax error from didOpen.
local diags = wait_diagnostics(bufnr, true)
local d = diags[1]
check(#diags == 1 and d.lnum == 1 and d.message == 'expected function type',
  'diagnostic "expected function type" on line 2 (got ' .. show(diags) .. ')')
check(d ~= nil and d.col == 13 and d.end_col == 16 and d.severity == vim.diagnostic.severity.ERROR,
  'it is an error on the `i32` (columns 13-16)')
check(d ~= nil and d.source == 'mlir-analyzer', 'its source is mlir-analyzer (got ' .. vim.inspect(d and d.source) .. ')')

-- 2. Fix the whole line: the diagnostics go away.
vim.api.nvim_buf_set_lines(bufnr, 1, 2, true, { FIXED })
diags = wait_diagnostics(bufnr, false)
check(#diags == 0, 'the diagnostics clear after the fix (still ' .. show(diags) .. ')')

-- 3. Break and fix it again with partial-line edits, which go out as incremental
--    didChange ranges: the server's copy of the text must follow.
vim.api.nvim_buf_set_text(bufnr, 1, 13, 1, 21, { 'i32' })
check(line_text(bufnr, 1) == BROKEN, 'a partial-line edit restores the broken line')
diags = wait_diagnostics(bufnr, true)
check(#diags == 1 and diags[1].lnum == 1 and diags[1].message == 'expected function type',
  'the diagnostic comes back after an incremental edit (got ' .. show(diags) .. ')')
vim.api.nvim_buf_set_text(bufnr, 1, 13, 1, 16, { '() -> ()' })
diags = wait_diagnostics(bufnr, false)
check(#diags == 0, 'and clears after the incremental fix (still ' .. show(diags) .. ')')

-- 4. The syntax tree is of the edited text (params `{ uri }`, result a string).
local uri = vim.uri_from_bufnr(bufnr)
local answered, rerr, tree = request_sync(client, 'mlir-analyzer/syntaxTree', { uri = uri }, bufnr)
check(answered and rerr == nil and type(tree) == 'string' and tree:find('SOURCE_FILE', 1, true) == 1,
  'mlir-analyzer/syntaxTree answers with the tree (got ' .. vim.inspect(rerr or (type(tree) == 'string' and tree:sub(1, 40) or tree)) .. ')')
check(type(tree) == 'string' and tree:find('"->"', 1, true) ~= nil and tree:find('"i32"', 1, true) == nil,
  'the tree is of the fixed text (has "->", no "i32")')

-- 5. Hover: any answer counts; a JSON-RPC error (MethodNotFound) is fine.
local herr, hresult
answered, herr, hresult = request_sync(client, 'textDocument/hover', {
  textDocument = { uri = uri },
  position = { line = 1, character = 4 },
}, bufnr)
check(answered, 'a hover request is answered (' .. (herr and ('error ' .. tostring(herr.code) .. ' ' .. tostring(herr.message))
  or ('result ' .. vim.inspect(hresult):sub(1, 60))) .. ')')

-- 5b. Formatting: the server lays the buffer out, with the indent width of init_options.
vim.api.nvim_buf_set_lines(bufnr, 0, -1, true, {
  'func.func @g(%a:i32)->i32{',
  '%0=arith.addi %a,%a:i32 // kept',
  '      return %0:i32',
  '}',
})
if vim.lsp.buf.format then
  vim.lsp.buf.format({ bufnr = bufnr, timeout_ms = TIMEOUT })
else
  vim.lsp.buf.formatting_sync(nil, TIMEOUT)
end
local laid_out = vim.api.nvim_buf_get_lines(bufnr, 0, -1, true)
local want = { 'func.func @g(%a: i32) -> i32 {', '    %0 = arith.addi %a, %a : i32 // kept', '    return %0 : i32', '}' }
check(vim.deep_equal(laid_out, want), 'formatting lays the buffer out with 4 spaces (got ' .. vim.inspect(laid_out) .. ')')

-- 5c. Hover on a builtin type: the memref explained in words.
vim.api.nvim_buf_set_lines(bufnr, 0, -1, true, {
  'func.func @g(%m: memref<8x4xf32, strided<[8, 1], offset: ?>, 1>) {',
  '  return',
  '}',
})
answered, herr, hresult = request_sync(client, 'textDocument/hover', {
  textDocument = { uri = uri },
  position = { line = 0, character = 20 },
}, bufnr)
local value = hresult and hresult.contents and hresult.contents.value or ''
check(answered and herr == nil and value:find('memref of `f32`', 1, true) ~= nil
  and value:find('dim 0 stride 8, dim 1 stride 1', 1, true) ~= nil,
  'hover on the memref explains it (got ' .. vim.inspect(value):sub(1, 120) .. ')')

-- 5d. Completion after a dialect's `.`: its ops.
vim.api.nvim_buf_set_lines(bufnr, 1, 2, true, { '  arith.' })
answered, herr, hresult = request_sync(client, 'textDocument/completion', {
  textDocument = { uri = uri },
  position = { line = 1, character = 8 },
  context = { triggerKind = 2, triggerCharacter = '.' },
}, bufnr)
local labels = {}
for _, item in ipairs((hresult and (hresult.items or hresult)) or {}) do
  table.insert(labels, item.label)
end
check(answered and herr == nil and vim.tbl_contains(labels, 'arith.addi'),
  'completion after `arith.` offers its ops (got ' .. table.concat(labels, ','):sub(1, 80) .. ')')
vim.api.nvim_buf_set_lines(bufnr, 1, 2, true, { '  return' })

-- 5e. Signature help, document links and the call hierarchy, on a buffer with an op,
--     a location naming a file that exists (sub/a.mlir, next to this one) and a call.
local function one_line(value)
  return vim.inspect(value, { newline = ' ', indent = '' })
end
vim.api.nvim_buf_set_lines(bufnr, 0, -1, true, {
  'func.func @g(%a: i32) -> i32 {',
  '  %0 = arith.addi %a, %a : i32 loc("sub/a.mlir":2:3)',
  '  %1 = func.call @g(%a) : (i32) -> i32',
  '  return %0 : i32',
  '}',
})
local caps = client.server_capabilities
check(caps.signatureHelpProvider ~= nil and caps.documentLinkProvider ~= nil and caps.callHierarchyProvider ~= nil,
  'the client sees signature help, document link and call hierarchy providers')
local serr, help
answered, serr, help = request_sync(client, 'textDocument/signatureHelp', {
  textDocument = { uri = uri },
  position = { line = 1, character = 22 },
}, bufnr)
local active_label = ''
if answered and help and help.signatures then
  local sig = help.signatures[1]
  local offsets = sig.parameters[help.activeParameter + 1].label
  active_label = sig.label:sub(offsets[1] + 1, offsets[2])
end
check(serr == nil and active_label:find('%rhs', 1, true) == 1,
  'signature help after `arith.addi %a, ` marks %rhs (got ' .. one_line(serr or help):sub(1, 120) .. ')')
-- Neovim shows it in a floating window.
vim.api.nvim_win_set_cursor(0, { 2, 22 })
vim.lsp.buf.signature_help()
local shown = vim.wait(TIMEOUT, function()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      local text = table.concat(vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(win), 0, -1, false), '\n')
      if text:find('arith.addi %lhs', 1, true) then
        return true
      end
    end
  end
  return false
end, 10)
check(shown, 'vim.lsp.buf.signature_help() opens a float with the signature')
for _, win in ipairs(vim.api.nvim_list_wins()) do
  if vim.api.nvim_win_get_config(win).relative ~= '' then
    vim.api.nvim_win_close(win, true)
  end
end
local lerr, links
answered, lerr, links = request_sync(client, 'textDocument/documentLink', { textDocument = { uri = uri } }, bufnr)
local want_target = vim.uri_from_fname(work .. '/proj/sub/a.mlir') .. '#L2,3'
check(lerr == nil and type(links) == 'table' and #links == 1 and links[1].target == want_target
  and links[1].range.start.line == 1 and links[1].range.start.character == 35,
  'a document link on "sub/a.mlir" to ' .. want_target .. ' (got ' .. one_line(lerr or links):sub(1, 200) .. ')')
local cerr, items, incoming
answered, cerr, items = request_sync(client, 'textDocument/prepareCallHierarchy', {
  textDocument = { uri = uri },
  position = { line = 2, character = 18 },
}, bufnr)
if answered and cerr == nil and type(items) == 'table' and items[1] then
  answered, cerr, incoming = request_sync(client, 'callHierarchy/incomingCalls', { item = items[1] }, bufnr)
end
check(type(items) == 'table' and items[1] ~= nil and items[1].name == '@g' and type(incoming) == 'table'
  and #incoming == 1 and incoming[1].from.name == '@g' and #incoming[1].fromRanges == 1,
  'the call hierarchy of @g: called once, by itself (got ' .. one_line(cerr or incoming or items):sub(1, 200) .. ')')

-- 6. Neovim 0.9+ highlights with the server's semantic tokens on top of the syntax
--    file (syntax/mlir.vim): both are there at `func.func` on line 1.
if vim.inspect_pos then
  local function semantic_at(row, col)
    return vim.inspect_pos(bufnr, row, col, { syntax = false, treesitter = false, extmarks = false })
      .semantic_tokens
  end
  vim.wait(TIMEOUT, function()
    return #semantic_at(0, 0) > 0
  end, 10)
  local tokens, syntax = {}, {}
  for _, t in ipairs(semantic_at(0, 0)) do
    table.insert(tokens, t.opts.hl_group)
  end
  for _, s in ipairs(vim.inspect_pos(bufnr, 0, 0).syntax) do
    table.insert(syntax, s.hl_group)
  end
  check(#tokens > 0 and vim.tbl_contains(syntax, 'mlirOp'),
    'semantic tokens and the syntax file both highlight `func.func` (tokens ' .. table.concat(tokens, ',')
      .. '; syntax ' .. table.concat(syntax, ',') .. ')')
end

-- 7. The server is still alive and the client healthy after all of it.
local stopped
if vim.fn.has('nvim-0.11') == 1 then
  stopped = client:is_stopped()
else
  stopped = client.is_stopped()
end
check(not stopped, 'the server is still running')

finish()
