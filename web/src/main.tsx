/** Entry point of the SPA. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { wireSession } from '@/app/session-wiring';
import { initAuth } from '@/lib/auth/session';
import { queryClient } from '@/lib/query-client';
import './styles.css';

const router = createAppRouter();
wireSession(router, queryClient);
// The session check starts before the first render, not in an effect after it: screens that wait
// for it (a member's) wait a render less.
void initAuth();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The service worker: the app shell for offline starts, and new releases offered (lib/service-worker.ts).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void import('@/lib/service-worker').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
