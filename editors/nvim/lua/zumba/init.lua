-- Zumba for Neovim (0.7 and newer): keeps a file of every buffer's diagnostics, which
-- `zumba mcp <project> --diagnostics FILE` reads at each `diagnostics` call.
--
--   require('zumba').setup()                        -- FILE: <current folder>/.zumba/diagnostics.json
--   require('zumba').setup({ path = '/tmp/d.json' })
--
-- The file is a JSON array of records, one a diagnostic, paths absolute, lines and columns 1-based
-- (columns in bytes, as Neovim counts them):
--   [{"path": "/src/app/main.rs", "line": 3, "column": 9, "endLine": 3, "endColumn": 14,
--     "severity": "error", "message": "...", "source": "rustc"}]
-- It is rewritten (a temporary file renamed over it, so that a reader never sees half of it) at
-- most DEBOUNCE_MS after diagnostics change, and removed when Neovim exits.

local M = {}

--- How long after a change the file is written: changes meanwhile are written with it.
M.DEBOUNCE_MS = 150

local SEVERITIES = { 'error', 'warning', 'info', 'hint' }

local state = { path = nil, timer = nil, group = nil }

--- The file for a project folder when setup() is given none: inside the folder, in a `.zumba/`
--- that ignores itself (git, and zumba's own walk, leave it out).
function M.default_path(folder)
  return folder .. '/.zumba/diagnostics.json'
end

--- Every buffer's diagnostics as the file's records, in buffer and position order.
function M.records()
  local records = {}
  for _, d in ipairs(vim.diagnostic.get(nil)) do
    local name = vim.api.nvim_buf_is_valid(d.bufnr) and vim.api.nvim_buf_get_name(d.bufnr) or ''
    if name ~= '' then
      table.insert(records, {
        path = vim.fn.fnamemodify(name, ':p'),
        line = d.lnum + 1,
        column = d.col + 1,
        endLine = (d.end_lnum or d.lnum) + 1,
        endColumn = (d.end_col or d.col) + 1,
        severity = SEVERITIES[d.severity] or 'error',
        message = d.message,
        source = d.source,
      })
    end
  end
  table.sort(records, function(a, b)
    if a.path ~= b.path then return a.path < b.path end
    if a.line ~= b.line then return a.line < b.line end
    return a.column < b.column
  end)
  return records
end

--- Writes `text` to `path` whole: into a temporary file beside it, renamed over it.
local function write_atomically(path, text)
  local partial = string.format('%s.%d.partial', path, vim.fn.getpid())
  local file, why = io.open(partial, 'w')
  if file == nil then return nil, why end
  local written, problem = file:write(text)
  file:close()
  if written == nil then
    os.remove(partial)
    return nil, problem
  end
  local renamed, failure = os.rename(partial, path)
  if renamed == nil then
    os.remove(partial)
    return nil, failure
  end
  return true
end

local function ensure_folder(path)
  local folder = vim.fn.fnamemodify(path, ':h')
  if vim.fn.isdirectory(folder) == 0 then vim.fn.mkdir(folder, 'p') end
  if path == M.default_path(vim.fn.fnamemodify(folder, ':h')) then
    local ignore = folder .. '/.gitignore'
    if vim.fn.filereadable(ignore) == 0 then write_atomically(ignore, '# Written by zumba.nvim: nothing here is to be committed.\n*\n') end
  end
end

local warned = false

--- Writes the file now, with every buffer's diagnostics (none: an empty array).
function M.flush()
  if state.path == nil then return end
  ensure_folder(state.path)
  local records = M.records()
  local ok, why = write_atomically(state.path, #records == 0 and '[]\n' or vim.json.encode(records) .. '\n')
  if not ok and not warned then
    warned = true
    vim.notify('zumba: cannot write ' .. state.path .. ': ' .. tostring(why), vim.log.levels.WARN)
  end
end

local function schedule_flush()
  state.timer:stop()
  state.timer:start(M.DEBOUNCE_MS, 0, vim.schedule_wrap(M.flush))
end

--- Starts keeping the file: `opts.path`, or M.default_path() of the current folder.
function M.setup(opts)
  opts = opts or {}
  state.path = vim.fn.fnamemodify(opts.path or M.default_path(vim.fn.getcwd()), ':p')
  state.timer = state.timer or vim.loop.new_timer()
  state.group = vim.api.nvim_create_augroup('zumba', { clear = true })
  -- A buffer wiped out takes its diagnostics with it.
  vim.api.nvim_create_autocmd({ 'DiagnosticChanged', 'BufWipeout' }, { group = state.group, callback = schedule_flush })
  vim.api.nvim_create_autocmd('VimLeavePre', {
    group = state.group,
    callback = function()
      state.timer:stop()
      os.remove(state.path)
    end,
  })
  M.flush()
end

--- Where the file is, once setup() has run.
function M.path()
  return state.path
end

return M
