/**
 * Promise-style confirm dialog (spec §2): `await confirm({ message, theme })` resolves
 * true when confirmed, false when cancelled (Cancel, close button, backdrop, Escape).
 * Usable anywhere; <ConfirmHost/> (mounted once by the app) renders the open request.
 */
export type ConfirmTheme = 'confirm' | 'delete' | 'proceed';

export interface ConfirmRequest {
  title?: string;
  message: React.ReactNode;
  theme?: ConfirmTheme;
}

export interface OpenConfirm extends ConfirmRequest {
  id: number;
  resolve: (confirmed: boolean) => void;
}

let queue: OpenConfirm[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

export function confirm(request: ConfirmRequest): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    queue = [...queue, { ...request, id: nextId++, resolve }];
    emit();
  });
}

/** Settles a request (callback true/false), then removes it. */
export function settleConfirm(id: number, confirmed: boolean): void {
  const item = queue.find((q) => q.id === id);
  if (!item) return;
  queue = queue.filter((q) => q.id !== id);
  item.resolve(confirmed);
  emit();
}

export function subscribeConfirm(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The request on screen: the oldest one still open. */
export function currentConfirm(): OpenConfirm | undefined {
  return queue[0];
}
