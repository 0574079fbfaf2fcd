#!/usr/bin/env node
/**
 * The npm registry mirror reachable here lacks some platform-specific optional packages (for
 * example @tailwindcss/oxide-darwin-arm64). `npm install` skips them silently and leaves them out
 * of package-lock.json, after which `npm ci` refuses the lockfile ("Missing: … from lock file").
 * This adds each missing optional dependency to the lockfile with the os/cpu its name declares,
 * so `npm ci` knows to skip it on this platform. Run after every `npm install`: npm run lock:fix
 */
import { readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(FILE, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'];
const CPU = { arm64: 'arm64', arm: 'arm', x64: 'x64', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x', wasm32: 'wasm32' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key]) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) {
      console.warn(`skipping ${dep} (needed by ${path || 'the root'}): no platform in its name`);
      continue;
    }
    packages[key] = { version, ...(meta.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}
const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(FILE, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} foreign-platform optional entries`);
