// The bench's floor page (bench/support/build.ts builds it): a minimal React page built with
// the app's React, its React and Tailwind plugins and its browser target, for row 2 to read
// each page's blocking time against. Never part of the app's build: none of the app's own
// build steps (message catalogs, early-input script, first-screen chunk lists) apply to it.
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The app's public folder (its favicon): the floor asks for what the app's pages ask for.
  publicDir: fileURLToPath(new URL('../../public', import.meta.url)),
  plugins: [react(), tailwindcss()],
  logLevel: 'warn',
  build: isSsrBuild
    ? { emptyOutDir: true, sourcemap: false, target: 'node20', copyPublicDir: false }
    : { emptyOutDir: true, sourcemap: false, target: 'es2022' },
}));
