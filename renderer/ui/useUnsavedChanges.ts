/**
 * Warns before leaving a dirty form (spec §2): in-app navigation is blocked until the
 * user confirms in the confirm dialog; closing the window or reloading is held by
 * beforeunload (Electron's main turns that into its own quit prompt).
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { UI_TEXT } from '../../shared/ui-texts';
import { confirm } from './confirm';

export function useUnsavedChanges(dirty: boolean): void {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let active = true;
    void confirm({ title: UI_TEXT.unsavedTitle, message: UI_TEXT.unsavedMessage, theme: 'proceed' }).then((ok) => {
      if (!active) return;
      if (ok) blocker.proceed();
      else blocker.reset();
    });
    return () => {
      active = false;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older engines (and Electron) need returnValue set to hold the unload.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}
