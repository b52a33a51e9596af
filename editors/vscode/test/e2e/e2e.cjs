// Drives code-server (started by run.sh) with headless chromium and checks what a user
// would see: activation, the LSP round trip, colours, the four commands. With the fake
// server (E2E_FAKE=1) it also checks the server's exact answers.
const { chromium } = require('playwright-core');
const fs = require('node:fs');
const path = require('node:path');

const work = process.env.E2E_WORK;
const fake = process.env.E2E_FAKE === '1';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const read = (f) => (fs.existsSync(path.join(work, f)) ? fs.readFileSync(path.join(work, f), 'utf8') : '');
const results = [];
const check = (ok, what) => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
};

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
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

  await page.goto(process.env.E2E_URL, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
  await sleep(4000);
  await page.click('.monaco-workbench');
  await open('a.mlir');
  await sleep(3000);

  const classes = await page.$$eval('.view-lines span span', (els) => new Set(els.map((e) => e.className)).size);
  check(classes >= 5, `the grammar colours a.mlir (${classes} token classes)`);
  if (fake) {
    await page.waitForSelector('.squiggly-error', { timeout: 20000 }).catch(() => {});
    check((await page.locator('.squiggly-error').count()) > 0, "the server's diagnostic is shown");
    check(/^initialize /m.test(read('server.log')) && /didOpen/.test(read('server.log')), 'the server got initialize and didOpen');
    check(/^argv: --from-settings$/m.test(read('argv.log')), 'the server runs with extraArgs only (no --stdio)');
  }

  await command('MLIR Analyzer: Show Syntax Tree');
  const tree = await text('.view-lines');
  check(fake ? tree.includes('FAKE_SYNTAX_TREE') : !tree.includes('failed'), 'Show Syntax Tree shows the answer');

  await command('MLIR Analyzer: Show Server Version');
  const toast = await text('.notifications-toasts');
  check(toast.includes(fake ? '0.0.0-fake' : 'mlir-analyzer'), 'Show Server Version shows --version');

  await command('MLIR Analyzer: Show Log');
  const log = await text('.view-lines');
  check(log.includes('starting') && log.includes('(from bundled)'), 'Show Log shows the output channel');
  check(log.includes("Sending request 'initialize"), 'trace.server=messages traces LSP messages there');

  if (fake) {
    await command('MLIR Analyzer: Restart Language Server');
    await sleep(2000);
    check((read('server.log').match(/^initialize /gm) || []).length >= 2, 'Restart starts a new server');
  }

  await open('doc.md');
  // Without the injection grammar the fenced line would be one uniformly styled span.
  const md = await page.$$eval('.view-line', (lines) => {
    const line = lines.find((l) => l.textContent.includes('arith.addi'));
    return line ? new Set([...line.querySelectorAll('span span')].map((e) => e.className)).size : 0;
  });
  check(md >= 3, `a \`\`\`mlir fence in Markdown is coloured (${md} token classes on its line)`);
  await page.screenshot({ path: path.join(work, 'last.png') });
  await browser.close();
}

main()
  .catch((err) => {
    console.error(err);
    results.push(false);
  })
  .finally(() => {
    const failed = results.filter((ok) => !ok).length;
    console.log(`vscode e2e: ${results.length - failed} passed, ${failed} failed`);
    process.exit(failed === 0 && results.length > 0 ? 0 : 1);
  });
