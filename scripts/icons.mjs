// Renders the app's icons for its web app manifest from www/static/favicon.svg, with Chromium:
// www/static/icons/icon-192.png and icon-512.png (the icon as drawn) and icon-maskable-512.png
// (the icon inside the middle 60%, on the page's background, so any mask shape keeps all of it).
// Run after changing the favicon: node scripts/icons.mjs

import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from '../www/tests/support/server.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const svg = readFileSync(join(ROOT, 'www', 'static', 'favicon.svg'), 'utf8');
const BG = '#0b0e14';

const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  { file: 'icon-maskable-512.png', size: 512, inset: 0.2 },
];

const browser = await chromium.launch(CHROMIUM);
try {
  for (const { file, size, inset } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const pad = Math.round(size * inset);
    const inner = size - 2 * pad;
    const img = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:${inset ? BG : 'transparent'}">` +
        `<img src="${img}" width="${inner}" height="${inner}" style="display:block;margin:${pad}px"></body></html>`,
    );
    await page.locator('img').evaluate((el) => el.decode());
    await page.screenshot({ path: join(ROOT, 'www', 'static', 'icons', file), omitBackground: !inset, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`www/static/icons/${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
