import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/Providers';
import { createAppRouter } from './app/router';
import { followSessionEnd } from './app/session-ended';
import { reportError } from './lib/report-error';
import { allowLibraryStyles } from './lib/style-nonce';
import { initPersistedState } from './lib/store';
// antd's styles as one static stylesheet (the theme's zeroRuntime): no style is computed in the page.
import 'antd/dist/antd.css';
import './app/app.css';

// Under the CSP's style nonce (main/lib/csp.ts), before any antd component renders.
allowLibraryStyles();
const root = createRoot(document.getElementById('root')!);

window.addEventListener('error', (e) => reportError({ message: e.message, stack: (e.error as Error | undefined)?.stack }));
window.addEventListener('unhandledrejection', (e) => {
  const reason = e.reason as { message?: string; stack?: string; status?: number } | undefined;
  reportError({ message: reason?.message ?? String(e.reason), stack: reason?.stack, status: reason?.status });
});

void initPersistedState().finally(() => {
  const router = createAppRouter();
  // §7: a 401 that cannot be cured ends the session in main, which tells us: → /logout.
  followSessionEnd(router);
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});
