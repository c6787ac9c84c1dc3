#!/usr/bin/env node
// The registry this project is developed against serves only Linux builds of native packages (Tailwind's
// engine, the TypeScript import resolver ESLint uses), so `npm install` leaves the other platforms' optional
// packages out of package-lock.json and `npm ci` then refuses the lock ("Missing: … from lock file"). This adds
// their entries with the platform metadata the registry reports (`npm view`), or, when the registry lacks that
// version, the platform read from the package's name (`…-darwin-arm64`, `…-linux-x64-musl`, `…-win32-x64-msvc`);
// npm never downloads another platform's optional package. Run it after adding or upgrading a dependency that
// has native builds.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

function fromName(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!cpu) throw new Error(`cannot tell the platform of ${name}`);
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : os === 'linux' && parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

function registryMeta(name, version) {
  try {
    return JSON.parse(execFileSync('npm', ['view', `${name}@${version}`, 'version', 'os', 'cpu', 'libc', 'license', 'engines', '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return { version, ...fromName(name) };
  }
}

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [parentKey, parent] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key]) continue;
    const meta = registryMeta(name, version);
    const entry = { version: meta.version ?? version };
    if (parent.dev) entry.dev = true;
    for (const field of ['cpu', 'libc', 'license', 'engines', 'os']) if (meta[field]) entry[field] = meta[field];
    entry.optional = true;
    lock.packages[key] = entry;
    added++;
    console.log(`${parentKey} → ${name}@${entry.version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
