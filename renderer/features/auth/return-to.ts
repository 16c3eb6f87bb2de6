/**
 * Where to land after signing in: the shell page that sent the user to /auth, kept
 * for the round trip through the identity provider in this tab only.
 */
const KEY = 'store-console.returnTo';

export function rememberReturnTo(path: string | undefined): void {
  try {
    if (path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/auth') && path !== '/logout') {
      sessionStorage.setItem(KEY, path);
    } else {
      sessionStorage.removeItem(KEY);
    }
  } catch {
    // Storage unavailable: land on the home page.
  }
}

export function takeReturnTo(): string {
  try {
    const path = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return path && path.startsWith('/') && !path.startsWith('//') ? path : '/';
  } catch {
    return '/';
  }
}
