import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from './scripts/compress.js';
import { prerenderPages } from './scripts/prerender.js';

const API_TARGET = 'http://localhost:3000';

/**
 * The build's last steps, in order: each page pre-rendered to HTML (scripts/prerender.ts), then
 * Brotli and gzip copies of every text file (scripts/compress.ts).
 */
function prerenderAndCompress(): Plugin {
  let outDir = '';
  return {
    name: 'prerender-and-compress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderPages(outDir);
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
