// @vitest-environment happy-dom
/**
 * allowLibraryStyles: with the page's nonce, <style> tags a library appends to <head> get
 * it, and a textarea's setAttribute('style') goes through the CSSOM; without a nonce (no
 * CSP, the dev server) nothing changes. The e2e start.spec.ts checks the same in Chromium
 * under the real CSP (no violations with a modal, a table and an auto-sizing text area).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { allowLibraryStyles } from '../../renderer/lib/style-nonce';

let undo = () => {};
// Each test starts from an empty <head>; what was there before (the styles of screens an
// earlier file of this worker rendered) comes back after it.
let before: Node[] = [];
beforeEach(() => {
  before = [...document.head.childNodes];
  document.head.replaceChildren();
});
afterEach(() => {
  undo();
  document.head.replaceChildren(...before);
});

describe('allowLibraryStyles', () => {
  it('stamps the nonce on <style> appended or inserted into <head>, and keeps one set already', () => {
    undo = allowLibraryStyles('page-nonce');
    const appended = document.createElement('style');
    document.head.appendChild(appended);
    const inserted = document.createElement('style');
    document.head.insertBefore(inserted, appended);
    const own = document.createElement('style');
    own.nonce = 'antd-given';
    document.head.appendChild(own);
    const meta = document.createElement('meta');
    document.head.appendChild(meta);
    expect([appended.nonce, inserted.nonce, own.nonce]).toEqual(['page-nonce', 'page-nonce', 'antd-given']);
    expect(meta.hasAttribute('nonce')).toBe(false);
    expect([...document.head.children]).toEqual([inserted, appended, own, meta]);
  });

  it("sets a textarea's style attribute through the CSSOM; other attributes as usual", () => {
    undo = allowLibraryStyles('page-nonce');
    const t = document.createElement('textarea');
    t.setAttribute('style', 'height: 0px; visibility: hidden');
    t.setAttribute('aria-hidden', 'true');
    expect(t.style.height).toBe('0px');
    expect(t.style.visibility).toBe('hidden');
    expect(t.getAttribute('aria-hidden')).toBe('true');
  });

  it('changes nothing without a nonce', () => {
    const append = document.head.appendChild;
    undo = allowLibraryStyles(undefined);
    expect(document.head.appendChild).toBe(append);
    const s = document.createElement('style');
    document.head.appendChild(s);
    expect(s.nonce ?? '').toBe('');
  });
});
