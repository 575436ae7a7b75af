import { chromium } from '@playwright/test';
const base = 'http://localhost:4400';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
for (const [n, path] of [['home', '/'], ['plan', '/flight-plan'], ['emerg', '/emergency-info'], ['gallery', '/media-gallery'], ['account', '/account']]) {
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  // words split mid-word: text nodes whose rendered lines break inside a word
  const split = await page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode; const text = node.textContent;
      if (!text || text.trim().length < 4) continue;
      const el = node.parentElement; if (!el || el.closest('.sr-only')) continue;
      const range = document.createRange();
      for (const m of text.matchAll(/(?<![A-Za-z])[A-Za-z]{4,8}(?![A-Za-z])/g)) {
        range.setStart(node, m.index); range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter(r => r.width > 0);
        if (rects.length > 1) { out.push(m[0] + '@' + el.tagName + '.' + (el.className || '').toString().slice(0, 60)); break; }
      }
      if (out.length > 8) break;
    }
    return out;
  });
  console.log(n, 'words split:', split.join(' | '));
  await page.screenshot({ path: `/tmp/w4-${n}.png` });
}
await browser.close();
