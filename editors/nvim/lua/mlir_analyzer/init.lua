-- mlir-analyzer for Neovim: filetype detection for *.mlir and an LSP client setup that
-- works from Neovim 0.7 on. Usage: require('mlir_analyzer').setup({ ... })
--   >= 0.11  vim.lsp.config('mlir_analyzer', ...) + vim.lsp.enable('mlir_analyzer')
--   0.8-0.10 a FileType autocmd calling vim.lsp.start (reuses one client per root)
--   0.7      a FileType autocmd with vim.lsp.start_client + vim.lsp.buf_attach_client
local M = {}

M.name = 'mlir_analyzer'

M.defaults = {
  -- The server speaks LSP on stdio when run with no arguments.
  cmd = { 'mlir-analyzer' },
  filetypes = { 'mlir' },
  -- The nearest folder holding one of these is the workspace root; otherwise the
  -- file's own folder is.
  root_markers = { '.git' },
}

local function has(version)
  return vim.fn.has('nvim-' .. version) == 1
end

local uv = vim.uv or vim.loop

--- Registers the `mlir` filetype for *.mlir. Neovim 0.11 knows it already; 0.7 only
--- reads vim.filetype.add() when filetype.lua is switched on, so it also gets an autocmd.
function M.filetype()
  if vim.filetype and vim.filetype.add then
    vim.filetype.add({ extension = { mlir = 'mlir' } })
  end
  if not has('0.8') then
    vim.cmd([[
      augroup mlir_analyzer_ftdetect
        autocmd!
        autocmd BufRead,BufNewFile *.mlir setfiletype mlir
      augroup END
    ]])
  end
end

local function dirname(path)
  return vim.fn.fnamemodify(path, ':h')
end

--- The workspace root for a file: the nearest ancestor holding a root marker, else
--- the file's folder. Plain uv calls so it also runs on 0.7 (no vim.fs there).
function M.find_root(path, markers)
  markers = markers or M.defaults.root_markers
  local start = dirname(vim.fn.fnamemodify(path, ':p'))
  local dir = start
  while true do
    for _, marker in ipairs(markers) do
      if uv.fs_stat(dir .. '/' .. marker) then
        return dir
      end
    end
    local parent = dirname(dir)
    if parent == dir then
      return start
    end
    dir = parent
  end
end

local warned = false
local function check_executable(cmd)
  if vim.fn.executable(cmd[1]) == 1 or warned then
    return
  end
  warned = true
  vim.notify(
    ('mlir-analyzer: server binary %q not found. Build it with `cargo build --release --locked` '
      .. 'in the mlir-analyzer repository and pass its path: '
      .. "require('mlir_analyzer').setup({ cmd = { '/path/to/target/release/mlir-analyzer' } }), "
      .. 'or put mlir-analyzer on your PATH.'):format(cmd[1]),
    vim.log.levels.WARN
  )
end

--- The client configuration (for vim.lsp.config / vim.lsp.start / start_client).
function M.config(opts)
  local cfg = vim.tbl_deep_extend('force', {}, M.defaults, opts or {})
  cfg.name = M.name
  return cfg
end

local function setup_011(cfg)
  local markers = cfg.root_markers
  cfg.root_dir = cfg.root_dir
    or function(bufnr, on_dir)
      on_dir(M.find_root(vim.api.nvim_buf_get_name(bufnr), markers))
    end
  vim.lsp.config(M.name, cfg)
  vim.lsp.enable(M.name)
end

local function root_for(cfg, bufnr)
  if type(cfg.root_dir) == 'string' then
    return cfg.root_dir
  end
  return M.find_root(vim.api.nvim_buf_get_name(bufnr), cfg.root_markers)
end

-- 0.7 has no vim.lsp.start: keep one client per root and attach buffers to it.
local clients_by_root = {}
local function start_07(cfg, bufnr, root)
  local id = clients_by_root[root]
  local client = id and vim.lsp.get_client_by_id(id)
  if not client or client.is_stopped() then
    local start_cfg = vim.tbl_extend('force', cfg, { root_dir = root })
    start_cfg.root_markers, start_cfg.filetypes = nil, nil
    id = vim.lsp.start_client(start_cfg)
    clients_by_root[root] = id
  end
  if id then
    vim.lsp.buf_attach_client(bufnr, id)
  end
end

local function setup_legacy(cfg)
  local group = vim.api.nvim_create_augroup('mlir_analyzer_lsp', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = cfg.filetypes,
    callback = function(args)
      if vim.bo[args.buf].buftype ~= '' or vim.fn.executable(cfg.cmd[1]) ~= 1 then
        return -- not a file (help, terminal, syntax-tree view), or no server: already warned
      end
      local root = root_for(cfg, args.buf)
      if vim.lsp.start then
        local start_cfg = vim.tbl_extend('force', cfg, { root_dir = root })
        start_cfg.root_markers, start_cfg.filetypes = nil, nil
        vim.lsp.start(start_cfg, { bufnr = args.buf })
      else
        start_07(cfg, args.buf, root)
      end
    end,
  })
end

--- Shows the server's syntax tree of the current buffer (custom request
--- `mlir-analyzer/syntaxTree`: params `{ uri }`, returns a string) in a scratch split.
function M.show_syntax_tree()
  local bufnr = vim.api.nvim_get_current_buf()
  local params = { uri = vim.uri_from_bufnr(bufnr) }
  vim.lsp.buf_request(bufnr, 'mlir-analyzer/syntaxTree', params, function(err, result)
    if err or type(result) ~= 'string' then
      vim.notify('mlir-analyzer/syntaxTree failed: ' .. vim.inspect(err or result), vim.log.levels.ERROR)
      return
    end
    vim.cmd('botright vnew')
    local view = vim.api.nvim_get_current_buf()
    vim.bo[view].buftype = 'nofile'
    vim.bo[view].bufhidden = 'wipe'
    vim.api.nvim_buf_set_lines(view, 0, -1, false, vim.split(result, '\n', { plain = true }))
    vim.bo[view].modifiable = false
  end)
end

function M.setup(opts)
  local cfg = M.config(opts)
  M.filetype()
  vim.api.nvim_create_autocmd('FileType', {
    group = vim.api.nvim_create_augroup('mlir_analyzer_check', { clear = true }),
    pattern = cfg.filetypes,
    callback = function()
      check_executable(cfg.cmd)
    end,
  })
  vim.api.nvim_create_user_command('MlirAnalyzerSyntaxTree', M.show_syntax_tree, {})
  if has('0.11') and vim.lsp.config and vim.lsp.enable then
    setup_011(cfg)
  else
    setup_legacy(cfg)
  end
end

return M
