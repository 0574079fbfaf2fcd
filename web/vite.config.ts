/**
 * Vite config of the SPA. Root is web/; the build lands in web/dist. In development the local
 * gateway (infra/local) serves `/api`, `/images` and `/dev`; Vite proxies those prefixes to it
 * so the SPA and the API share one origin, exactly as behind CloudFront.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const aliases = {
  '@/': `${webRoot}src/`,
  '@shared/': `${repoRoot}shared/`,
};
const gateway = `http://localhost:${process.env.GATEWAY_PORT ?? 8787}`;

// Anchored patterns (keys starting with ^ are regular expressions): a plain '/api' prefix would
// also capture SPA paths such as the handle '/apiary' or '/developer'.
const proxy = {
  '^/api(/|$)': { target: gateway, changeOrigin: false },
  '^/images/': { target: gateway, changeOrigin: false },
  '^/dev(/|$)': { target: gateway, changeOrigin: false },
};

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
  },
  server: {
    proxy,
    // web/src imports ../shared (business rules shared with the server).
    fs: { allow: [repoRoot] },
  },
  preview: { proxy },
});
