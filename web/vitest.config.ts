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
    alias: {
      '@/': `${webRoot}src/`,
      '@shared/': `${repoRoot}shared/`,
    },
  },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
