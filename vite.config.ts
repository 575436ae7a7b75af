import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SERVER_RENDER_ENTRY } from './contracts/routes.js';
import { precompressDir } from './scripts/compress.js';
import { prerenderPages } from './scripts/prerender.js';

const API_TARGET = 'http://localhost:3000';

/**
 * The build's last steps, in order: the server build of client/entry-prerender.tsx (beside the
 * client's, for the server's pages rendered with a visitor's data), each page pre-rendered to HTML
 * with it (scripts/prerender.ts), then Brotli and gzip copies of every text file (scripts/compress.ts).
 */
function prerenderAndCompress(): Plugin {
  let outDir = '';
  let serverBuild = false;
  return {
    name: 'prerender-and-compress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      serverBuild = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (serverBuild) return;
      const entry = path.resolve(outDir, SERVER_RENDER_ENTRY);
      await build({
        configFile: path.resolve(import.meta.dirname, 'vite.config.ts'),
        logLevel: 'warn',
        build: {
          ssr: 'entry-prerender.tsx',
          outDir: path.dirname(entry),
          emptyOutDir: true,
          sourcemap: false,
          copyPublicDir: false,
        },
      });
      await prerenderPages(outDir, entry);
      await precompressDir(outDir);
    },
  };
}

/**
 * The web app manifest and the service worker (client/sw.ts, Workbox through vite-plugin-pwa;
 * docs/decisions/030). The worker is registered by client/lib/offline.ts, so the plugin injects no
 * script. Only the app shell and the icons are precached: a traveller on roaming data should not
 * download every page's code at first visit; the rest is kept as it is used.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: '.',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'Accessible Journeys',
      short_name: 'Journeys',
      description:
        'Accessible travel planning: trips day by day, receipts, and emergency numbers that work offline.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
      dir: 'ltr',
      theme_color: '#1d4ed8',
      background_color: '#ffffff',
      categories: ['travel'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        {
          src: '/icons/maskable-512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    injectManifest: {
      globPatterns: ['index.html', 'favicon.svg', 'icons/apple-touch-icon.png'],
      minify: true,
      sourcemap: false,
    },
  });
}

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), installableApp(), prerenderAndCompress()],
  resolve: {
    // zod set up for the browser (client/lib/zod.ts), which itself imports zod/v4.
    alias: [{ find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'client/lib/zod.ts') }],
  },
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET } },
  },
});
