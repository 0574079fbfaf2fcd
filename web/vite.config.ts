/**
 * Vite config of the SPA. Root is web/; the build lands in web/dist. In development the local
 * gateway (infra/local) serves `/api`, `/images` and `/dev`; Vite proxies those prefixes to it
 * so the SPA and the API share one origin, exactly as behind CloudFront.
 */
import { createHash } from 'node:crypto';
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

/** The files the service worker caches when it installs: besides the built shell, these of web/public. */
const SHELL_STATIC = ['/favicon.svg', '/icons/icon-192.png'];

/**
 * The service worker, /sw.js: web/service-worker/worker.js with, in front, the build's version
 * and the app shell it caches (index.html, the entry's scripts and styles, SHELL_STATIC). The
 * version is a digest of the shell and the worker, so each release that changes either installs a
 * new worker (and the SPA offers to reload). Not in `vite` dev: the dev server's modules change.
 */
function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
      if (!entry || entry.type !== 'chunk') throw new Error('service-worker: the build has no entry chunk');
      const css = (chunk: typeof entry) => [...((chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
      const shell = new Set<string>(['index.html', entry.fileName, ...css(entry)]);
      for (const name of entry.imports) {
        const chunk = bundle[name];
        shell.add(name);
        if (chunk?.type === 'chunk') for (const c of css(chunk)) shell.add(c);
      }
      const precache = [...[...shell].map((f) => `/${f}`), ...SHELL_STATIC].sort();
      const worker = readFileSync(`${webRoot}service-worker/worker.js`, 'utf8');
      const html = bundle['index.html'];
      const digest = createHash('sha256').update(JSON.stringify(precache)).update(worker);
      if (html?.type === 'asset') digest.update(String(html.source));
      const version = digest.digest('hex').slice(0, 16);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${worker}`,
      });
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), openApiFile(), serviceWorker()],
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
