/** The identity provider's sign-in page (plain HTML, no scripts) and its security headers. */
import { createHash } from 'node:crypto';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
    body { font-family: system-ui, sans-serif; background: #f4f5f7; display: grid; place-items: center; min-height: 100vh; margin: 0; }
    form, main { background: #fff; padding: 2rem; border-radius: 8px; box-shadow: 0 1px 4px rgba(0,0,0,.15); width: 20rem; }
    label { display: block; margin-top: 1rem; font-size: .9rem; }
    input[type=text], input[type=password] { width: 100%; box-sizing: border-box; padding: .5rem; margin-top: .25rem; }
    button { margin-top: 1.5rem; width: 100%; padding: .6rem; background: #1677ff; color: #fff; border: 0; border-radius: 4px; font-size: 1rem; }
    .error { color: #b42318; margin-top: 1rem; }
  `;
/** The one inline style block, allowed by its hash (no 'unsafe-inline'). */
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/**
 * Headers of every identity-provider HTML page: a CSP that allows nothing but the page's
 * own style and its form posting back here (and the redirect to the app's loopback
 * address that follows, `formTarget`), no framing, no MIME sniffing, no referrer.
 */
export function pageHeaders(formTarget?: string): Record<string, string> {
  const formAction = formTarget === undefined ? "'none'" : `'self'${formTarget ? ` ${formTarget}` : ''}`;
  return {
    'content-security-policy': `default-src 'none'; style-src ${STYLE_HASH}; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    'content-type': 'text/html; charset=utf-8',
  };
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)}</title>
  <style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>`;
}

export function signInPage(hidden: Record<string, string>, opts: { error?: string; username?: string } = {}): string {
  const fields = Object.entries(hidden)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('\n      ');
  return page(
    'Sign in',
    `  <form method="post" action="">
    <h1>Sign in</h1>
    ${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
    <label for="username">Username</label>
    <input type="text" id="username" name="username" autocomplete="username" value="${esc(opts.username ?? '')}" required autofocus>
    <label for="password">Password</label>
    <input type="password" id="password" name="password" autocomplete="current-password" required>
      ${fields}
    <button type="submit">Sign in</button>
  </form>`,
  );
}

export function errorPage(message: string): string {
  return page(
    'Sign-in error',
    `  <main>
    <h1>Sign-in error</h1>
    <p class="error" role="alert">${esc(message)}</p>
  </main>`,
  );
}

/** The identity provider's password reset form (a one-time link's token carried as a hidden field). */
export function resetPasswordPage(token: string, opts: { error?: string; minLength: number; maxLength: number }): string {
  return page(
    'Choose a new password',
    `  <form method="post" action="">
    <h1>Choose a new password</h1>
    ${opts.error ? `<p class="error" role="alert">${esc(opts.error)}</p>` : ''}
    <label for="password">New password</label>
    <input type="password" id="password" name="password" autocomplete="new-password" minlength="${opts.minLength}" maxlength="${opts.maxLength}" required autofocus>
    <label for="password_again">New password again</label>
    <input type="password" id="password_again" name="password_again" autocomplete="new-password" minlength="${opts.minLength}" maxlength="${opts.maxLength}" required>
    <input type="hidden" name="token" value="${esc(token)}">
    <button type="submit">Set password</button>
  </form>`,
  );
}

/** A page with one message (the reset link's outcome). */
export function messagePage(title: string, message: string, isError: boolean): string {
  return page(
    title,
    `  <main>
    <h1>${esc(title)}</h1>
    <p${isError ? ' class="error" role="alert"' : ' role="status"'}>${esc(message)}</p>
  </main>`,
  );
}
