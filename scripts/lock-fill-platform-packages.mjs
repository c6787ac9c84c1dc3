#!/usr/bin/env node
// The registry this project is developed against serves only Linux builds of Tailwind's native engine, so
// `npm install` leaves the other platforms' optional packages out of package-lock.json and `npm ci` then
// refuses the lock. This adds their entries (platform metadata only; npm never downloads another
// platform's optional package). Run it after changing the Tailwind version.
import fs from 'node:fs';

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const parent = lock.packages['node_modules/@tailwindcss/oxide'];
const platforms = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};
let added = 0;
for (const [name, version] of Object.entries(parent.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const platform = platforms[name.replace('@tailwindcss/oxide-', '')];
  if (!platform) throw new Error(`unknown platform package ${name}`);
  lock.packages[key] = { version, ...platform, dev: true, license: 'MIT', optional: true, engines: { node: '>= 20' } };
  added++;
}
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${added} platform entries`);
