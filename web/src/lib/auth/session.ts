/**
 * The session's life in the SPA: the first check at start-up, login, the check every
 * SESSION_CHECK_INTERVAL_MS, the end of a session the server refused, and logout.
 */
import type { QueryClient } from '@tanstack/react-query';
import { SESSION_CHECK_INTERVAL_MS } from '@shared/constants';
import { api } from '@/lib/api';
import { queryClient as appQueryClient } from '@/lib/query-client';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { getProfile, isAuthenticated, postLogin, type LoginInput, postLogout } from './session-api';
import { authStore } from './auth-store';
import type { Profile } from './types';

const SIGNED_OUT = { loggedIn: false, user: null } as const;

let starting: Promise<void> | null = null;

/** The first check, once per page load (idempotent: StrictMode runs effects twice). */
export function initAuth(): Promise<void> {
  starting ??= loadSession();
  return starting;
}

/**
 * isauthenticated → (a silent refresh when this browser had a session whose access token has
 * expired) → profile. Until it settles loggedIn stays undefined, so guards wait.
 */
export async function loadSession(): Promise<void> {
  let signedIn: boolean;
  try {
    signedIn = (await isAuthenticated()).loggedIn === true;
  } catch {
    // No answer (network, or the route missing): a guest for now, with the failure noted.
    authStore.set({ ...SIGNED_OUT, profileError: true });
    return;
  }
  if (!signedIn && readStorage(STORAGE_KEYS.sessionHint)) {
    signedIn = await api.refreshSession().catch(() => false);
    if (!signedIn) removeStorage(STORAGE_KEYS.sessionHint);
  }
  if (!signedIn) {
    authStore.set({ ...SIGNED_OUT, profileError: false });
    return;
  }
  await loadProfile();
}

/** Loads the profile; a failure leaves the user signed out with profileError set. */
export async function loadProfile(): Promise<void> {
  try {
    const user = await getProfile();
    authStore.set({ loggedIn: true, user, profileError: false });
    writeStorage(STORAGE_KEYS.sessionHint, '1');
  } catch {
    authStore.set({ ...SIGNED_OUT, profileError: true });
  }
}

/**
 * Login sets loggedIn and loads the profile (taken from the login answer when it carries it).
 * Answers the signed-in profile, or null when it could not be loaded.
 */
export async function signIn(input: LoginInput, queryClient: QueryClient = appQueryClient): Promise<Profile | null> {
  const profile = await postLogin(input);
  signedIn(profile, queryClient);
  if (!profile) await loadProfile();
  return authStore.get().user;
}

/** A call that signs in as login does (login, the verification link) answered: keep the session. */
export function signedIn(profile: Profile | null, queryClient: QueryClient = appQueryClient): void {
  writeStorage(STORAGE_KEYS.sessionHint, '1');
  authStore.set({ loggedIn: true, user: profile, profileError: false });
  // What was read as a guest is read again through the secured API.
  void queryClient.invalidateQueries();
}

/** The server answered a changed profile (update, register, avatar, phone): keep it. */
export function setProfile(profile: Profile): void {
  authStore.set({ loggedIn: true, user: profile, profileError: false });
}

/** The server no longer accepts this session: forget the user and everything read with it. */
export function endSession(queryClient: QueryClient = appQueryClient): void {
  authStore.set({ ...SIGNED_OUT, profileError: false });
  queryClient.clear();
  removeStorage(STORAGE_KEYS.sessionHint);
}

/**
 * The periodic check: a signed-in user whose access token has expired gets a refresh; a
 * refused refresh ends the session (guards then send protected screens to /auth/login). An
 * unreachable server changes nothing.
 */
export async function checkSession(queryClient: QueryClient = appQueryClient): Promise<void> {
  if (authStore.get().loggedIn !== true) return;
  try {
    if ((await isAuthenticated()).loggedIn) return;
    if (await api.refreshSession()) return;
  } catch {
    return;
  }
  endSession(queryClient);
}

export function startSessionChecks(
  queryClient: QueryClient = appQueryClient,
  intervalMs: number = SESSION_CHECK_INTERVAL_MS,
): () => void {
  const timer = setInterval(() => {
    if (!document.hidden) void checkSession(queryClient);
  }, intervalMs);
  return () => clearInterval(timer);
}

export interface LogoutOptions {
  navigate: (to: string, options?: { replace?: boolean; state?: unknown; flushSync?: boolean }) => void | Promise<void>;
  queryClient?: QueryClient;
  /** Where to go afterwards; the home page by default. */
  target?: string;
  /** A notice shown on arrival (e.g. "Your account has been deleted"); see FlashNotice. */
  notice?: string;
}

/**
 * Logout, in this order: clear the user, reset all stores, call the server, clear the stored
 * location and uploaded image, then navigate (so nothing of the old session shows meanwhile). `signingOut` keeps the guard of the
 * current (protected) screen from bouncing to /auth/login meanwhile.
 */
export async function logout({ navigate, queryClient = appQueryClient, target = '/', notice }: LogoutOptions): Promise<void> {
  authStore.set({ ...SIGNED_OUT, profileError: false, signingOut: true });
  queryClient.clear();
  try {
    await postLogout();
  } catch {
    // Signed out here whatever the server says; its cookies expire on their own.
  }
  removeStorage(STORAGE_KEYS.location, STORAGE_KEYS.uploadedImage, STORAGE_KEYS.sessionHint);
  try {
    // flushSync: the target is rendered before signingOut is cleared. Rendered in a transition
    // instead, the protected screen would still be on show when the store changes, and its
    // guard would send the user to /auth/login after all.
    await navigate(target, { flushSync: true, ...(notice ? { state: { notice } } : {}) });
  } finally {
    authStore.set({ signingOut: false });
  }
}
