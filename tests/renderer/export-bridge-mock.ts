/**
 * The renderer's bridge as the export tests mock it: the export channels as vi.fn()s, and
 * the last exportProgress listener, to push events. Use with
 * vi.mock('../../renderer/lib/bridge', () => import('./export-bridge-mock').then((m) => m.bridgeModule)).
 */
import { vi, type Mock } from 'vitest';
import type { BridgeEventPayload } from '../../shared/bridge';

export type Progress = BridgeEventPayload<'exportProgress'>;

type Channel = 'exportStart' | 'exportCancel' | 'exportShowInFolder' | 'exportHistory' | 'systemInfo';

export const bridgeMock: Record<Channel, Mock> & { listener: null | ((p: Progress) => void) } = {
  exportStart: vi.fn(),
  exportCancel: vi.fn(),
  exportShowInFolder: vi.fn(),
  exportHistory: vi.fn(),
  systemInfo: vi.fn(),
  listener: null as null | ((p: Progress) => void),
};

export const bridgeModule: { bridge: typeof bridgeMock; onBridgeEvent: (name: string, fn: (p: Progress) => void) => () => void } = {
  bridge: bridgeMock,
  onBridgeEvent: (_name: string, fn: (p: Progress) => void) => {
    bridgeMock.listener = fn;
    return () => undefined;
  },
};
