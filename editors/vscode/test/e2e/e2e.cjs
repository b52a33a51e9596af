// Drives code-server (started by run.sh) with headless chromium and checks what a user
// would see. With the real server (E2E_MODE=real): the extension activates on an .mlir
// file, the bundled mlir-analyzer starts, the syntax error on line 2 gets a squiggle
// (and its hover the message), the squiggle goes when the line is fixed, the commands
// work, Format Document lays out messy.mlir (screenshot format.png) and hover explains
// a memref (hover-memref.png); on calls.mlir a document link, signature help, value
// completion and the call hierarchy are shown. With the fake
// server (E2E_MODE=fake) it also checks the exact LSP traffic. A failed check saves a
// screenshot into E2E_ARTIFACTS.
const { chromium } = require('playwright-core');
const fs = require('node:fs');
const path = require('node:path');

const work = process.env.E2E_WORK;
const artifacts = process.env.E2E_ARTIFACTS;
const extDir = process.env.E2E_EXT_DIR;
const fake = process.env.E2E_MODE === 'fake';
const BROKEN = '  "t.op"() : i32';
const FIXED = '  "t.op"() : () -> ()';
const MESSAGE = 'expected function type';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const read = (f) => (fs.existsSync(path.join(work, f)) ? fs.readFileSync(path.join(work, f), 'utf8') : '');
let page;
const results = [];
async function check(ok, what) {
  results.push(Boolean(ok));
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok && page) {
    const shot = path.join(artifacts, `fail-${String(results.length).padStart(2, '0')}.png`);
    await page.screenshot({ path: shot }).catch(() => {});
    console.log(`     screenshot: ${shot}`);
  }
  return Boolean(ok);
}
/** Polls `probe` until it returns a truthy value or `ms` pass; returns the last value. */
async function waitFor(probe, ms, every = 250) {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > end) {
      return value;
    }
    await sleep(every);
  }
}

/** The extension's output channel ("MLIR Analyzer") as written to disk by VS Code. */
function outputLog() {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(p);
      } else if (entry.name.endsWith('MLIR Analyzer.log')) {
        found.push(p);
      }
    }
  };
  const logs = path.join(work, 'ud', 'logs');
  if (fs.existsSync(logs)) {
    walk(logs);
  }
  return found.map((f) => fs.readFileSync(f, 'utf8')).join('\n');
}

/** Running processes whose executable lies in the extensions folder (the bundled server). */
function bundledServers() {
  const pids = [];
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) {
      continue;
    }
    try {
      const exe = fs.readlinkSync(`/proc/${pid}/exe`);
      if (exe.startsWith(extDir + path.sep) && exe.endsWith(`${path.sep}server${path.sep}mlir-analyzer`)) {
        pids.push(Number(pid));
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM,
    // No sandbox (CI runs as root); no background connections, which a closed network
    // refuses or makes slow.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
  try {
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await drive();
  } finally {
    if (page) {
      await page.screenshot({ path: path.join(artifacts, 'last.png') }).catch(() => {});
    }
    await browser.close();
  }
}

async function drive() {
  // The editor renders spaces as U+00A0.
  const text = async (sel) => (await page.$$eval(sel, (els) => els.map((e) => e.textContent).join('\n'))).replace(/\u00a0/g, ' ');
  const type = async (keys, what) => {
    await page.keyboard.press(keys);
    await sleep(700);
    await page.keyboard.type(what, { delay: 20 });
    await sleep(900);
    await page.keyboard.press('Enter');
    await sleep(2500);
  };
  const command = (title) => type('Control+Shift+P', title);
  const open = (file) => type('Control+P', file);
  const squiggles = () => page.locator('.monaco-editor .squiggly-error').count();
  // The editor's lines and the decoration layer are both absolutely positioned rows:
  // the line of a squiggle is the text line at the same `top`.
  const squiggleLines = () =>
    page.evaluate(() => {
      const editor = document.querySelector('.monaco-editor');
      if (!editor) return [];
      const byTop = new Map();
      for (const line of editor.querySelectorAll('.view-lines .view-line')) {
        byTop.set(line.style.top, line.textContent.replace(/\u00a0/g, ' '));
      }
      return [...editor.querySelectorAll('.squiggly-error')].map((s) => byTop.get(s.parentElement.style.top) ?? '?');
    });
  const lineText = (needle) =>
    page.evaluate((n) => {
      const line = [...document.querySelectorAll('.monaco-editor .view-lines .view-line')].find((l) => l.textContent.replace(/\u00a0/g, ' ').includes(n));
      return line ? line.textContent.replace(/\u00a0/g, ' ') : undefined;
    }, needle);

  await page.goto(process.env.E2E_URL, { waitUntil: 'domcontentloaded', timeout: 60000 });
  await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
  await sleep(4000);
  await page.click('.monaco-workbench');
  await open('a.mlir');
  const opened = await waitFor(() => lineText('t.op'), 15000);
  if (!(await check(opened === BROKEN, `a.mlir opens in an editor (line 2: ${JSON.stringify(opened)})`))) {
    return;
  }

  const classes = await waitFor(async () => {
    const n = await page.$$eval('.view-lines span span', (els) => new Set(els.map((e) => e.className)).size);
    return n >= 5 ? n : 0;
  }, 10000);
  await check(classes >= 5, `the grammar colours a.mlir (${classes} token classes)`);

  // Activation and the bundled server, seen from outside the browser.
  const started = await waitFor(() => /starting \S+ \(from bundled\)/.test(outputLog()), 20000);
  await check(started, 'the extension activated on a.mlir and started the bundled server (output channel: "starting ... (from bundled)")');
  if (!fake) {
    const pids = await waitFor(() => bundledServers().length > 0 && bundledServers(), 20000);
    await check(pids && pids.length === 1, `exactly one bundled mlir-analyzer process runs (pids ${JSON.stringify(pids)})`);
    const inited = await waitFor(() => /Received response 'initialize/.test(outputLog()), 20000);
    await check(inited, 'the server answered initialize (traced in the output channel)');
  }

  // The diagnostic: a squiggle on line 2, whose hover shows the message.
  const shown = await waitFor(async () => (await squiggles()) > 0, 20000);
  await check(shown, "the server's diagnostic is shown as an error squiggle");
  if (fake) {
    await check(/^initialize /m.test(read('server.log')) && /didOpen/.test(read('server.log')), 'the server got initialize and didOpen');
    await check(/^argv: --from-settings$/m.test(read('argv.log')), 'the server runs with extraArgs only (no --stdio)');
  } else {
    const lines = await squiggleLines();
    await check(lines.length === 1 && lines[0] === BROKEN, `the squiggle is on the broken line (on ${JSON.stringify(lines)})`);
    await page.hover('.monaco-editor .squiggly-error', { force: true }).catch(() => {});
    const hover = await waitFor(async () => {
      const t = await text('.monaco-hover');
      return t.includes(MESSAGE) ? t : '';
    }, 10000);
    await check(hover, `hovering the squiggle shows "${MESSAGE}"`);
    await page.keyboard.press('Escape');
    await page.mouse.move(5, 5);

    // Fix the line: click it, go to its end, replace `i32` by `() -> ()`.
    await page.locator('.monaco-editor .view-line', { hasText: 't.op' }).first().click();
    await page.keyboard.press('End');
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Backspace');
    }
    await page.keyboard.type('() -> ()', { delay: 30 });
    const edited = await waitFor(async () => ((await lineText('t.op')) === FIXED ? FIXED : ''), 5000);
    await check(edited, `line 2 now reads ${JSON.stringify(FIXED)} (got ${JSON.stringify(await lineText('t.op'))})`);
    const gone = await waitFor(async () => (await squiggles()) === 0, 20000);
    await check(gone, `the squiggle disappears after the fix (${await squiggles()} left)`);
    const problems = await waitFor(async () => {
      const label = await page.$eval('#status\\.problems', (e) => e.getAttribute('aria-label') || e.textContent).catch(() => '');
      return /Errors?: 0\b|No Problems/i.test(label) ? label : '';
    }, 5000);
    await check(problems, `the status bar counts no errors (${JSON.stringify(problems)})`);
    await check(bundledServers().length === 1, 'the server is still running after the edits');
  }

  await command('MLIR Analyzer: Show Syntax Tree');
  // It opens beside a.mlir (which keeps the focus): the text of the editor showing it.
  const treeText = async () =>
    (await page.$$eval('.editor-group-container .monaco-editor .view-lines', (els) => els.map((e) => e.textContent.replace(/\u00a0/g, ' '))))
      .find((t) => t.startsWith('SOURCE_FILE') || t.startsWith('FAKE_SYNTAX_TREE')) ?? '';
  const tree = await waitFor(async () => {
    const t = await treeText();
    // FUNCTION_TYPE: the tree is of the fixed text, so the server followed the edits.
    return (fake ? t.startsWith('FAKE_SYNTAX_TREE file://') : t.startsWith('SOURCE_FILE@') && t.includes('FUNCTION_TYPE@')) && t;
  }, 10000);
  await check(tree, `Show Syntax Tree shows the server's tree${fake ? '' : ' of the edited text'} (${JSON.stringify(String(tree || (await treeText())).slice(0, 40))})`);

  await command('MLIR Analyzer: Show Server Version');
  const toast = await waitFor(async () => {
    const t = await text('.notifications-toasts');
    return t.includes(fake ? '0.0.0-fake' : 'mlir-analyzer 0.') ? t : '';
  }, 10000);
  await check(toast, `Show Server Version shows --version (${JSON.stringify((toast || (await text('.notifications-toasts'))).slice(0, 80))})`);

  await command('MLIR Analyzer: Show Log');
  const panel = await waitFor(async () => {
    const t = await text('.panel .view-lines');
    return /\[(info|trace)\]/.test(t) ? t : '';
  }, 10000);
  await check(panel, 'Show Log opens the output channel');
  await check(/Sending (request|notification) '/.test(outputLog()), 'trace.server=messages traces LSP messages there');

  if (fake) {
    await command('MLIR Analyzer: Restart Language Server');
    await sleep(2000);
    await check((read('server.log').match(/^initialize /gm) || []).length >= 2, 'Restart starts a new server');
  } else {
    await command('MLIR Analyzer: Restart Language Server');
    const restarted = await waitFor(() => (outputLog().match(/starting \S+ \(from bundled\)/g) || []).length >= 2 && bundledServers().length === 1, 20000);
    await check(restarted, 'Restart stops the server and starts one new one');
  }

  if (!fake) {
    await formatDocument(open, command, lineText);
    await hoverMemref(open, lineText, text);
    await editorFeatures(open, command, lineText, text);
  }

  await open('doc.md');
  // Without the injection grammar the fenced line would be one uniformly styled span.
  // The line is first painted before tokenisation reaches it (one class), so the wait
  // goes on until it is coloured; stopping at the first painting was a race CI lost.
  const fenceClasses = () =>
    page.$$eval('.view-line', (lines) => {
      const line = lines.find((l) => l.textContent.includes('arith.addi'));
      return line ? new Set([...line.querySelectorAll('span span')].map((e) => e.className)).size : 0;
    });
  const md = await waitFor(async () => {
    const n = await fenceClasses();
    return n >= 3 ? n : 0;
  }, 15000);
  await check(md >= 3, `a \`\`\`mlir fence in Markdown is coloured (${md || (await fenceClasses())} token classes on its line)`);
}

/** Puts the cursor at column `column` (0-based) of the line holding `needle`. */
async function clickAt(needle, column, lineText) {
  const line = await lineText(needle);
  const span = page.locator('.monaco-editor .view-line', { hasText: needle }).first().locator('span').first();
  const box = await span.boundingBox();
  const width = box.width / line.length;
  await page.mouse.click(box.x + width * column + 1, box.y + box.height / 2);
  await sleep(300);
}

/** On calls.mlir: a document link, signature help, completion of values, and the call
 * hierarchy, each as VS Code shows it. */
async function editorFeatures(open, command, lineText, text) {
  await open('calls.mlir');
  const addi = await waitFor(() => lineText('arith.addi'), 15000);
  if (!(await check(addi, `calls.mlir opens (${JSON.stringify(addi)})`))) {
    return;
  }
  const link = await waitFor(async () => {
    const t = await text('.monaco-editor .detected-link');
    return t.includes('types.mlir') ? t : '';
  }, 10000);
  await check(link, `the location's file is a document link (${JSON.stringify(link)})`);

  await clickAt('arith.addi', addi.length, lineText);
  await page.keyboard.press('End');
  await command('Trigger Parameter Hints');
  const hints = await waitFor(async () => {
    const t = await text('.parameter-hints-widget');
    return t.includes('arith.addi') ? t : '';
  }, 10000);
  await check(hints && hints.includes('%rhs'), `signature help shows arith.addi's operands (${JSON.stringify(hints.slice(0, 80))})`);
  await page.keyboard.press('Escape');

  await page.keyboard.type('%', { delay: 30 });
  const suggest = await waitFor(async () => {
    const t = await text('.suggest-widget .monaco-list-rows');
    return t.includes('%x') ? t : '';
  }, 10000);
  await check(suggest && suggest.includes('%0'), `typing % offers the values in scope (${JSON.stringify(suggest.slice(0, 80))})`);
  await page.keyboard.press('Escape');

  await clickAt('@callee(%a', 'func.func @cal'.length, lineText);
  await command('Calls: Show Call Hierarchy');
  const calls = await waitFor(async () => {
    const t = await text('.call-hierarchy, .monaco-workbench .sidebar, .monaco-workbench .panel');
    return t.includes('@caller') ? t : '';
  }, 10000);
  await check(calls, `the call hierarchy of @callee lists @caller (${JSON.stringify((calls || '').slice(0, 80))})`);
  await page.screenshot({ path: path.join(artifacts, 'call-hierarchy.png') }).catch(() => {});
}

/** Hover on the `memref` of types.mlir: the type explained in words (screenshot). */
async function hoverMemref(open, lineText, text) {
  await open('types.mlir');
  const line = await waitFor(() => lineText('memref<'), 15000);
  if (!(await check(line, `types.mlir opens (line 1: ${JSON.stringify(line)})`))) {
    return;
  }
  // The line's text span is as wide as its characters (a monospace font): the cursor goes
  // onto the middle of `memref`.
  const span = page.locator('.monaco-editor .view-line', { hasText: 'memref<' }).first().locator('span').first();
  const box = await span.boundingBox();
  const width = box.width / line.length;
  await page.mouse.move(box.x + width * (line.indexOf('memref') + 3), box.y + box.height / 2);
  const hover = await waitFor(async () => {
    const t = await text('.monaco-hover');
    return t.includes('memref of') ? t : '';
  }, 10000);
  await check(
    hover && hover.includes('dim 0 stride 8, dim 1 stride 1') && hover.includes('memory space'),
    `hovering the memref explains it (${JSON.stringify((hover || (await text('.monaco-hover'))).slice(0, 160))})`,
  );
  await page.screenshot({ path: path.join(artifacts, 'hover-memref.png') }).catch(() => {});
  await page.mouse.move(5, 5);
}

/** Format Document on messy.mlir: the server's layout, with the settings' indent width. */
async function formatDocument(open, command, lineText) {
  await open('messy.mlir');
  const before = await waitFor(() => lineText('arith.addi'), 15000);
  await check(before === '%0=arith.addi %a,%a:i32 // kept', `messy.mlir opens as written (${JSON.stringify(before)})`);
  await command('Format Document');
  const want = '    %0 = arith.addi %a, %a : i32 // kept';
  const after = await waitFor(async () => ((await lineText('arith.addi')) === want ? want : ''), 15000);
  await check(after, `Format Document lays it out with 4 spaces (line 2: ${JSON.stringify(await lineText('arith.addi'))})`);
  const header = await lineText('func.func');
  await check(header === 'func.func @g(%a: i32) -> i32 {', `and spaces its signature (${JSON.stringify(header)})`);
  await page.screenshot({ path: path.join(artifacts, 'format.png') }).catch(() => {});
}

main()
  .catch(async (err) => {
    console.error(err);
    await check(false, `the test script threw: ${err && err.message ? err.message.split('\n')[0] : err}`);
  })
  .finally(() => {
    const failed = results.filter((ok) => !ok).length;
    console.log(`vscode e2e: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed === 0 && results.length > 0 ? 0 : 1);
  });
