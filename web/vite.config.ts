/**
 * Vite config of the SPA. Root is web/; the build lands in web/dist. In development the local
 * gateway (infra/local) serves `/api`, `/images` and `/dev`; Vite proxies those prefixes to it
 * so the SPA and the API share one origin, exactly as behind CloudFront.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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
  // The live socket: the ticket's URL names the page's own host, so the dev server passes it on.
  '^/ws$': { target: gateway, changeOrigin: false, ws: true },
};

/**
 * The API description (docs/openapi.json, generated from the contracts) is a static file of the
 * site at /openapi.json, next to the SPA, in both hosts; `vite` (dev) serves it from docs/.
 */
function openApiFile(): Plugin {
  const source = `${repoRoot}docs/openapi.json`;
  return {
    name: 'openapi-file',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'openapi.json', source: readFileSync(source, 'utf8') });
    },
    configureServer(server) {
      server.middlewares.use('/openapi.json', (_req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(readFileSync(source, 'utf8'));
      });
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), openApiFile()],
  resolve: { alias: aliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // SPA_SOURCEMAP=1 adds source maps, to see what each chunk holds (e.g. when the first load grows).
    sourcemap: process.env.SPA_SOURCEMAP === '1',
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every screen runs (React, the router, TanStack Query) in one chunk of their
          // own: left to itself the bundler spreads them over the entry and four small shared chunks,
          // which costs each screen about 1.5 KiB more gzip and four requests, and a release of our
          // own code would not keep them cached.
          groups: [{ name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|react-router)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy,
    // web/src imports ../shared (business rules shared with the server).
    fs: { allow: [repoRoot] },
  },
  preview: { proxy },
});
