import { resolve } from 'node:path';
import { defineConfig } from 'vite';

// Built into dist/web beside the compiled API, which serves it at `/`. `npm run dev:web` proxies the API.
const api = process.env.LECTERN_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  build: {
    outDir: resolve(import.meta.dirname, '../../dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    sourcemap: true,
    rolldownOptions: {
      onwarn(warning, warn) {
        // pdf.js 3.x keeps a Node-only `eval("require")` path for its worker; browsers never reach it.
        if (warning.code === 'EVAL' && warning.id?.includes('pdfjs-dist')) return;
        warn(warning);
      },
    },
  },
  server: {
    proxy: Object.fromEntries(
      ['/projects', '/documents', '/articles', '/health', '/openapi.json', '/docs'].map((prefix) => [
        prefix,
        { target: api, changeOrigin: false },
      ]),
    ),
  },
});
