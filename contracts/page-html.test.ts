import { describe, expect, it } from 'vitest';
import { composePage, PAGE_DATA_ID, scriptSafeJson } from './page-html.js';

const TEMPLATE = [
  '<!doctype html><html lang="en"><head><title>Site</title>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react.js">',
  '</head><body><div id="root"></div></body></html>',
].join('');

/** The answers a composed page carries, read back as the browser's entry reads them. */
function carried(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${PAGE_DATA_ID}">([\\s\\S]*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describe('composePage', () => {
  it('puts the markup in #root, marked, with its title in the head and the scripts at low priority', () => {
    const html = composePage(TEMPLATE, '<title>Gallery - Site</title><main>hi</main>', 'page');
    expect(html).toContain('<head><title>Gallery - Site</title><script');
    expect(html).toContain('<div id="root" data-prerendered="page"><main>hi</main></div>');
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin');
    expect(carried(html)).toBeUndefined();
  });

  it("carries the page's answers, and no text in them can close their element", () => {
    const caption = '</script><script>alert(1)</script><!-- \u2028 & "quotes"';
    const data = { queries: [{ queryKey: ['/api/media'], state: { data: [{ caption }] } }] };
    const html = composePage(TEMPLATE, '<main>x</main>', 'page', data);
    // One closing tag for the data element, and the template's script only: nothing injected.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    expect(carried(html)).toEqual(data);
    expect(JSON.parse(scriptSafeJson(caption))).toBe(caption);
  });

  it('refuses markup with an inline script, and a template with no empty #root', () => {
    expect(() => composePage(TEMPLATE, '<main><script>x()</script></main>', 'page')).toThrow(
      /script/,
    );
    expect(() => composePage('<body></body>', '<main></main>', 'shell')).toThrow(
      /empty <div id="root">/,
    );
  });
});
