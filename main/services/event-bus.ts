import { bridgeEvents, type BridgeEventName, type BridgeEventPayload } from '../../shared/bridge';

export type EventListener = <E extends BridgeEventName>(name: E, payload: BridgeEventPayload<E>) => void;

/**
 * Main → renderer events. Services emit; each transport subscribes once and
 * forwards to its windows or sockets. Payloads are checked against shared/ first.
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends BridgeEventName>(name: E, payload: BridgeEventPayload<E>): void {
    const parsed = bridgeEvents[name].parse(payload) as BridgeEventPayload<E>;
    for (const listener of this.listeners) listener(name, parsed);
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
