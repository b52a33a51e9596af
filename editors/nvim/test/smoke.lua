-- Headless smoke test of lua/mlir_analyzer against test/fake_server.py: filetype
-- detection, client start/attach, root detection (.git, else the file's folder) and the
-- syntax-tree request. Run by test/run.sh; exits 0 on success, 1 on failure.
local plugin_dir = assert(vim.env.MLIR_NVIM_PLUGIN, 'MLIR_NVIM_PLUGIN not set')
local work = assert(vim.env.MLIR_NVIM_WORK, 'MLIR_NVIM_WORK not set')
vim.opt.runtimepath:prepend(plugin_dir)

local passed, failed = 0, 0
local function check(ok, what)
  io.stdout:write((ok and 'ok   ' or 'FAIL ') .. what .. '\n')
  if ok then
    passed = passed + 1
  else
    failed = failed + 1
  end
end

local function clients_of(bufnr)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ bufnr = bufnr })
  end
  return vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
end

local function client_root(client)
  return client.root_dir or client.config.root_dir
end

local function open_and_wait(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  local bufnr = vim.api.nvim_get_current_buf()
  vim.wait(5000, function()
    local c = clients_of(bufnr)[1]
    return c ~= nil and c.initialized == true
  end, 20)
  return bufnr, clients_of(bufnr)[1]
end

-- MLIR_NVIM_FORCE_LEGACY=1 hides vim.lsp.config so a 0.11 Neovim exercises the
-- vim.lsp.start path that 0.8-0.10 take.
if vim.env.MLIR_NVIM_FORCE_LEGACY == '1' then
  vim.lsp.config = nil
end

local ok, err = pcall(function()
  require('mlir_analyzer').setup({
    cmd = { 'python3', plugin_dir .. '/test/fake_server.py', work .. '/server.log' },
  })
end)
check(ok, 'setup() runs without error ' .. (ok and '' or tostring(err)))
check(vim.fn.exists(':MlirAnalyzerSyntaxTree') == 2, ':MlirAnalyzerSyntaxTree exists')

-- A file inside a folder with .git: that folder is the root.
local bufnr, client = open_and_wait(work .. '/proj/sub/a.mlir')
check(vim.bo[bufnr].filetype == 'mlir', 'filetype of a.mlir is mlir')
check(client ~= nil, 'a client attached to a.mlir')
if client then
  check(client.name == 'mlir_analyzer', 'client name is mlir_analyzer (got ' .. tostring(client.name) .. ')')
  check(client_root(client) == work .. '/proj', 'root is the .git folder (got ' .. tostring(client_root(client)) .. ')')
  local resp = vim.lsp.buf_request_sync(bufnr, 'mlir-analyzer/syntaxTree',
    { uri = vim.uri_from_bufnr(bufnr) }, 5000)
  local result = resp and resp[client.id] and resp[client.id].result
  check(type(result) == 'string' and result:find('FAKE_SYNTAX_TREE', 1, true) == 1,
    'mlir-analyzer/syntaxTree answered (got ' .. vim.inspect(result) .. ')')
end

-- A second file of the same project reuses the client.
local bufnr2, client2 = open_and_wait(work .. '/proj/b.mlir')
check(client2 ~= nil and client ~= nil and client2.id == client.id, 'b.mlir shares the client of a.mlir')

-- A file with no marker above it: its own folder is the root.
local _, client3 = open_and_wait(work .. '/loose/c.mlir')
check(client3 ~= nil and client_root(client3) == work .. '/loose',
  'root without a marker is the file folder (got ' .. tostring(client3 and client_root(client3)) .. ')')

vim.wait(3000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20)
local diags = vim.diagnostic.get(bufnr)
check(#diags == 1 and diags[1].message == 'fake diagnostic', 'the diagnostic published by the server arrived')

local log = table.concat(vim.fn.readfile(work .. '/server.log'), '\n')
check(log:find('textDocument/didOpen', 1, true) ~= nil, 'the server received didOpen')
_ = bufnr2

local v = vim.version()
io.stdout:write(('nvim %d.%d.%d: %d passed, %d failed\n'):format(v.major, v.minor, v.patch, passed, failed))
vim.cmd(failed == 0 and 'qall!' or 'cquit 1')
