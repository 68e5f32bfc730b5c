import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server caches everything under /assets/ immutably: file names carry a content hash.
    assetsDir: 'assets',
    // The page editor's CodeMirror chunk (~600 KB raw) loads only on the admin page editor; the visitor's first
    // load is measured by bench/bundle-size instead of this warning.
    chunkSizeWarningLimit: 700,
  },
  css: {
    preprocessorOptions: {
      scss: {
        // Bootstrap 5.3 still uses @import and global Sass functions; its warnings are not ours to fix.
        quietDeps: true,
        silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
