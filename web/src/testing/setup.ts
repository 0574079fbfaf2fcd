/** Per-test reset for the web tests: DOM, auth state, storage, and a fetch that answers 404. */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { authStore } from '@/features/auth/auth-store';

export function envelopeResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => {
  // No server in component tests: every call is a 404 envelope unless a test stubs fetch itself.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => envelopeResponse(404, { status: 'error', error: { code: 'not_found', message: 'Not found' } })),
  );
});

afterEach(() => {
  cleanup();
  authStore.reset();
  localStorage.clear();
  document.title = '';
});
