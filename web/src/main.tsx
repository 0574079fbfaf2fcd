/** Entry point of the SPA. */
// First: configures zod before any schema is built.
import '@/lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { wireSession } from '@/app/session-wiring';
import { queryClient } from '@/lib/query-client';
import './styles.css';

const router = createAppRouter();
wireSession(router, queryClient);

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

createRoot(root).render(
  <StrictMode>
    <App router={router} queryClient={queryClient} />
  </StrictMode>,
);
