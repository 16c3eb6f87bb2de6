/** Renders the open confirm request (see confirm.ts); the dialog loads on first use. */
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { currentConfirm, subscribeConfirm } from './confirm';

const ConfirmModal = lazy(() => import('./ConfirmModal'));

export function ConfirmHost() {
  const request = useSyncExternalStore(subscribeConfirm, currentConfirm, currentConfirm);
  return request ? (
    <Suspense fallback={null}>
      <ConfirmModal key={request.id} request={request} />
    </Suspense>
  ) : null;
}
