// The session layer's change signal: which sessions were revoked (their sockets must close and their
// tokens die at once) or rotated (their old access token must die at once). The session service publishes
// after its SQL change committed; every process's session cache and realtime gateway subscribe.
//
// Events are plain JSON (ids as strings) so a multi-process deployment can carry them over Redis pub/sub
// or a NATS subject: implement SessionSignal with that transport, deliver each event to every process
// (the publishing one included) and pass it to SessionService. The in-process implementation below is
// the single-process default.

import type { PrincipalType } from './session-repository';

export interface SessionSignalEvent {
  /** revoked: the sessions ended; rotated: they live on with new tokens (the old access token is dead). */
  kind: 'revoked' | 'rotated';
  principalType: PrincipalType;
  principalId: string;
  sessionIds: string[];
  /** Why they were revoked (logout, password_changed, device_removed, replaced, refresh_reused, ...). */
  reason: string;
}

export type SessionSignalListener = (event: SessionSignalEvent) => void;

export interface SessionSignal {
  publish(event: SessionSignalEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: SessionSignalListener): () => void;
}

/** Delivers synchronously, in subscription order; a failing listener does not stop the others. */
export class InProcessSessionSignal implements SessionSignal {
  private readonly listeners = new Set<SessionSignalListener>();

  constructor(private readonly onListenerError: (err: unknown) => void = () => {}) {}

  publish(event: SessionSignalEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (err) {
        this.onListenerError(err);
      }
    }
  }

  subscribe(listener: SessionSignalListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
