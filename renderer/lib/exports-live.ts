/**
 * What the downloads panel shows: main's export history (exportHistory) with the live
 * progress of running exports (exportProgress events) laid over it, and the browser
 * host's OS notification. Electron's main raises its own Notification; in the browser
 * host the renderer raises the web Notification on the same event, with the same text
 * (exportNotice), once permission was given (asked when an export starts).
 */
import { useCallback, useEffect, useState } from 'react';
import { App } from 'antd';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeEventPayload } from '../../shared/bridge';
import { exportNotice, type ExportHistoryEntry } from '../../shared/bridge/channels/exports';
import { bridge, onBridgeEvent } from './bridge';
import { errorText } from './http-errors';
import { systemQueries } from './system-queries';

type Progress = BridgeEventPayload<'exportProgress'>;

export const exportKeys = { history: () => ['exports', 'history'] as const };
const historyQuery = () => queryOptions({ queryKey: exportKeys.history(), queryFn: () => bridge.exportHistory({}).then((r) => r.entries) });

/** An export as the panel shows it: its history entry, with the live rows/total while it runs. */
export interface ExportItem extends ExportHistoryEntry {
  total: number | null;
}

/** Asks for the web Notification permission (browser host), from a click that starts an export. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default')
    void Notification.requestPermission().catch(() => undefined);
}

function webNotify(p: Progress, folder: string | undefined): void {
  const notice = exportNotice(p, folder);
  if (notice && typeof Notification !== 'undefined' && Notification.permission === 'granted')
    new Notification(notice.title, { body: notice.body });
}

export function useExports(): { items: ExportItem[]; running: number } {
  const client = useQueryClient();
  const { data: history = [] } = useQuery(historyQuery());
  const { data: info } = useQuery(systemQueries.info());
  const [live, setLive] = useState<Map<string, Progress>>(new Map());
  const host = info?.transport === 'host';

  useEffect(
    () =>
      onBridgeEvent('exportProgress', (p) => {
        setLive((m) => new Map(m).set(p.exportId, p));
        const known = client.getQueryData<ExportHistoryEntry[]>(exportKeys.history())?.find((e) => e.exportId === p.exportId);
        // A new export, or one that ended: main's history has changed.
        if (!known || p.state !== 'running') void client.invalidateQueries({ queryKey: exportKeys.history() });
        if (host && p.state !== 'running') webNotify(p, known?.folder);
      }),
    [client, host],
  );

  const items = history.map((e): ExportItem => {
    const p = live.get(e.exportId);
    return p && e.state === 'running'
      ? { ...e, state: p.state, rows: p.rows, total: p.total, error: p.error }
      : { ...e, total: p?.total ?? null };
  });
  return { items, running: items.filter((i) => i.state === 'running').length };
}

/** "Show in folder": main shows the file (Electron); a browser cannot, so the path is shown instead. */
export function useShowInFolder(): (exportId: string) => Promise<void> {
  const { message } = App.useApp();
  return useCallback(
    async (exportId: string) => {
      try {
        const r = await bridge.exportShowInFolder({ exportId });
        if (!r.shown) message.info({ content: `Your browser cannot open folders. The file is at ${r.path}`, duration: 10 });
      } catch (err) {
        message.error(errorText(err));
      }
    },
    [message],
  );
}
