#!/usr/bin/env node
// The installed app's icons (decision 037), drawn once from src/web/public/logo.svg and kept in the repository beside
// it: run again after changing the logo (`node scripts/make-app-icons.mjs`).
// - pwa-192x192.png, pwa-512x512.png: the logo on a transparent square, for the web app manifest ("any" purpose);
// - maskable-icon-512x512.png: the logo inside the safe zone (the middle 80 %) on the league's navy, which Android
//   crops to its own shape;
// - apple-touch-icon-180x180.png: iOS's home screen icon, on white (iOS draws transparency black).
import path from 'node:path';
import sharp from 'sharp';

const root = path.resolve(import.meta.dirname, '..');
const pub = path.join(root, 'src/web/public');
const logo = path.join(pub, 'logo.svg');
/** styles.css --color-primary-800, the theme colour. */
const NAVY = '#1e2a4a';

async function icon(file, size, { padding = 0, background = null } = {}) {
  const inner = Math.round(size * (1 - 2 * padding));
  const drawn = await sharp(logo, { density: Math.ceil((72 * inner) / 64) * 2 }).resize(inner, inner).png().toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: drawn, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(pub, file));
  console.log(`${file} ${size}×${size}`);
}

await icon('pwa-192x192.png', 192, { padding: 0.02 });
await icon('pwa-512x512.png', 512, { padding: 0.02 });
await icon('maskable-icon-512x512.png', 512, { padding: 0.16, background: NAVY });
await icon('apple-touch-icon-180x180.png', 180, { padding: 0.08, background: '#ffffff' });
