import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
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

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), prerenderAndCompress()],
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
