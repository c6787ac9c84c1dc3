import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { catalogues } from './scripts/vite-catalogues';

/** What a browser needs before the first page can draw, whatever the page: one chunk, cached for a year. */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  resolve: {
    // The browser's own Temporal first: the polyfill (18 kB brotli) only where there is none (src/web/lib/temporal-native-first.ts).
    alias: [{ find: /^temporal-polyfill$/, replacement: path.resolve(import.meta.dirname, 'src/web/lib/temporal-native-first.ts') }],
  },
  plugins: [
    catalogues(),
    react(),
    tailwindcss(),
    // A brotli and a gzip copy beside each text file; the server sends the one the browser accepts
    // (src/server/plugins/web-app.ts). Source maps stay plain: only developers fetch them.
    compression({
      include: /\.(js|mjs|css|html|svg|json|webmanifest)$/,
      exclude: /[\\/]\.vite[\\/]/,
      algorithms: ['brotliCompress', 'gzip'],
      logLevel: 'silent',
    }),
    // The installable app (decision 037): the web app manifest, and the offline worker src/web/sw.ts built into sw.js
    // with the list of files to precache. The page registers it itself once loaded (app/pwa/start-worker.ts).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The icons are for the home screen, not for a page: they are not precached.
      includeManifestIcons: false,
      manifest: {
        id: '/',
        name: 'CGSL Practice Scheduler',
        short_name: 'CGSL',
        description: 'Book practice fields for your team, see the league calendar, and keep your team’s schedule at hand offline.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        // styles.css: --color-primary-800 (the top bar), and the page's slate-50.
        theme_color: '#1e2a4a',
        background_color: '#f8fafc',
        icons: [
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // The app shell: every page's html, js and css (the compressed copies are the same files, sent by the server);
        // the plugin adds the manifest itself.
        globPatterns: ['**/*.{html,js,css,svg}'],
        globIgnores: ['**/*.br', '**/*.gz', '**/*.map', 'sw.js'],
        maximumFileSizeToCacheInBytes: 3_000_000,
      },
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // dist/web/.vite/manifest.json: which chunks each page loads, read by scripts/size-budget.mjs.
    manifest: true,
    rolldownOptions: {
      // Brotli at its best quality takes a few seconds of the build; that is expected, not worth a warning.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // The framework every page runs on: one request, cached across deploys of the app's own code. (Rolldown's
            // runtime helpers stay a chunk of their own, under 1 kB: no group takes them.)
            { name: 'framework', test: FRAMEWORK, priority: 20 },
            // Everything else the first screen needs, in one chunk with the entry instead of a handful of small
            // shared ones (each a request of its own).
            { name: 'app', tags: ['$initial'], priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
