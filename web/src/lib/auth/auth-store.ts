/**
 * The auth state as a tiny external store: the API client reads the csrf token from it outside
 * React, and components subscribe with useAuth().
 */
import { useSyncExternalStore } from 'react';
import type { AuthState } from './types';

export const INITIAL_AUTH_STATE: AuthState = {
  loggedIn: undefined,
  user: null,
  profileError: false,
  signingOut: false,
};

let state: AuthState = INITIAL_AUTH_STATE;
const listeners = new Set<() => void>();

export const authStore = {
  get: (): AuthState => state,
  set(patch: Partial<AuthState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
  /** Back to "unknown" (tests, and a fresh start). */
  reset(): void {
    authStore.set(INITIAL_AUTH_STATE);
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.get, authStore.get);
}
