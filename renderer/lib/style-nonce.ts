/**
 * This page's style nonce. main serves every page with a fresh one, in the CSP header
 * (`style-src 'self' 'nonce-…'`, no 'unsafe-inline') and in `<meta property="csp-nonce">`
 * (main/lib/csp.ts); antd stamps its runtime <style> tags with it (UiRoot's ConfigProvider).
 * Read from the element's `nonce` property: Chromium hides the attribute's value once the
 * page has loaded. Undefined where no CSP is applied (the Vite dev server).
 */
export const STYLE_NONCE: string | undefined =
  (typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce) || undefined;

/**
 * Lets the style that antd's own helpers add from script through the CSP, until they pass
 * ConfigProvider's nonce on themselves (open upstream: react-component/util#613,
 * ant-design/ant-design#58150, react-component/portal#35):
 * - the <style> tags @rc-component/util appends to <head> without a nonce (the scroll lock
 *   of modals and drawers, the scrollbar measure of tables) get the page's nonce;
 * - rc-input's hidden textarea for autoSize sets its style with setAttribute('style'),
 *   which a CSP without 'unsafe-inline' blocks; it goes through the CSSOM (el.style) instead,
 *   which a CSP does not govern.
 * Markup injected into the page gains nothing: the parser inserts nodes without these calls.
 * Does nothing without a nonce (no CSP to satisfy). Returns an undo, for tests.
 */
export function allowLibraryStyles(nonce: string | undefined = STYLE_NONCE): () => void {
  if (!nonce) return () => {};
  const head = document.head;
  const stamp = <T extends Node>(node: T): T => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.nonce = nonce;
    return node;
  };
  const append = head.appendChild;
  const insert = head.insertBefore;
  head.appendChild = function <T extends Node>(this: HTMLHeadElement, node: T): T {
    return append.call(this, stamp(node)) as T;
  };
  head.insertBefore = function <T extends Node>(this: HTMLHeadElement, node: T, child: Node | null): T {
    return insert.call(this, stamp(node), child) as T;
  };
  const proto = HTMLTextAreaElement.prototype;
  const setAttribute = Object.getOwnPropertyDescriptor(proto, 'setAttribute');
  let viaCssom = false; // a DOM whose cssText setter calls setAttribute itself must not loop
  proto.setAttribute = function (this: HTMLTextAreaElement, name: string, value: string) {
    if (viaCssom || name.toLowerCase() !== 'style') return Element.prototype.setAttribute.call(this, name, value);
    viaCssom = true;
    try {
      this.style.cssText = value;
    } finally {
      viaCssom = false;
    }
  };
  return () => {
    head.appendChild = append;
    head.insertBefore = insert;
    if (setAttribute) Object.defineProperty(proto, 'setAttribute', setAttribute);
    else delete (proto as Partial<HTMLTextAreaElement>).setAttribute;
  };
}
