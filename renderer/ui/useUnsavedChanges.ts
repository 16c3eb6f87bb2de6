/**
 * Warns before leaving a dirty form (spec §2): in-app navigation is blocked until the
 * user confirms in the confirm dialog; closing the window or reloading is held by
 * beforeunload (Electron's main turns that into its own quit prompt). A change that is not a
 * navigation but loses the form all the same (the brand switch) asks first through
 * `confirmDiscardUnsaved`, the same dialog.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { UI_TEXT } from '../../shared/ui-texts';
import { confirm } from './confirm';

/** How many mounted forms are dirty now (a form counts while it is dirty and mounted). */
let dirtyForms = 0;
/** Set while a change the user already confirmed navigates: the guard does not ask twice. */
let discardConfirmed = false;

/**
 * Before a change that loses unsaved edits: with a dirty form open, asks with the §4
 * unsaved-changes dialog and resolves whether to go on; with none, resolves true at once.
 * When it resolves true, `then` runs with the guard off (its navigation is not asked again).
 */
export async function confirmDiscardUnsaved<T>(then: () => Promise<T> | T): Promise<T | undefined> {
  if (dirtyForms > 0 && !(await confirm({ title: UI_TEXT.unsavedTitle, message: UI_TEXT.unsavedMessage, theme: 'proceed' })))
    return undefined;
  discardConfirmed = true;
  try {
    return await then();
  } finally {
    discardConfirmed = false;
  }
}

export function useUnsavedChanges(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !discardConfirmed && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    dirtyForms += 1;
    return () => {
      dirtyForms -= 1;
    };
  }, [dirty]);

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
