/**
 * Component and unit tests of the SPA (happy-dom). Self-contained so that the root config can
 * list it as the vitest project `web`; also runnable alone:
 *   npx vitest run --config web/vitest.config.ts
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${webRoot}src/` },
      { find: /^@shared\//, replacement: `${repoRoot}shared/` },
      // The ESM build for both entries, as the app's bundle has it: otherwise Node's conditions
      // give the tests the CommonJS 'react-router' beside an ESM 'react-router/dom', two router
      // contexts, and the app's RouterProvider (with flushSync) cannot be used in tests.
      { find: /^react-router$/, replacement: `${repoRoot}node_modules/react-router/dist/development/index.mjs` },
      { find: /^react-router\/dom$/, replacement: `${repoRoot}node_modules/react-router/dist/development/dom-export.mjs` },
    ],
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Screens drawn with React's background renders and scanned by axe take seconds when the API
    // project runs beside them on two cores; a hung test still fails.
    testTimeout: 15_000,
    restoreMocks: true,
    unstubGlobals: true,
  },
});
