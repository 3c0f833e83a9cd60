import { readStored, writeStored } from './storage.ts';

export const SESSION_ID_KEY = 'chapar:session-id';

/** The visitor's random session id (spec 01 §3), created on first use. */
export function getSessionId(): string {
  const existing = readStored(SESSION_ID_KEY);
  if (existing) return existing;
  const id = typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeStored(SESSION_ID_KEY, id);
  return id;
}
