/** Per-test reset for the web tests: DOM, auth state, storage, and a fetch that answers 404. */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { authStore } from '@/lib/auth/auth-store';
import { failure } from './responses';

// Screens and panels are lazy chunks: on a busy machine (CI runs every project at once) their
// first load can take over the default second. Only failing waits get slower.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // No server in component tests: every call is a 404 envelope unless a test stubs fetch itself.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => failure(404, 'not_found', 'Not found')),
  );
});

afterEach(() => {
  cleanup();
  authStore.reset();
  localStorage.clear();
  document.title = '';
});
