// Shared helpers of the end-to-end tests: a page that records console errors, downloads, and the
// native `halite` binary for re-simulating what the page produced.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const shots = path.join(root, 'www/tests/screenshots');

/** Opens `search` in a new context; `page.done()` closes it and asserts no console error.
 * `prepare(context)` runs before the page is made (init scripts, request listeners). */
export async function openPage(browser, url, search = '', viewport = { width: 1280, height: 800 }, prepare = null) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: viewport.width < 500, acceptDownloads: true });
  if (prepare) await prepare(context);
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(url + search);
  page.errors = errors;
  page.done = async () => {
    await context.close();
    assert.deepEqual(errors, [], 'no console errors');
  };
  return page;
}

/** The page's action `part` (a `data-part`), made reachable as a person reaches it: on a phone the
 * secondary actions are in the "⋯ More" menu, which is opened first. */
export async function barAction(page, part) {
  const control = page.locator(`[data-part="${part}"]`).first();
  if (!(await control.isVisible()) && (await page.locator('[data-part="more"]').isVisible())) await page.click('[data-part="more"]');
  return control;
}

/** Clicks the Download control (`part`: another download action, `download-gz`) and returns the
 * saved file's name and bytes. */
export async function downloadBytes(page, part = 'download') {
  const control = await barAction(page, part);
  const [download] = await Promise.all([page.waitForEvent('download'), control.click()]);
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

/** The native `halite` built by the native tests (cargo test), built here if it is missing. */
export function haliteBin() {
  const bin = path.join(root, 'target/debug/halite');
  if (!fs.existsSync(bin)) spawnSync('cargo', ['build', '--quiet', '--bin', 'halite'], { cwd: root, stdio: 'inherit' });
  return bin;
}
