import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Built assets are served under /build/ (spec §9); the API server serves index.html for every other path.
export default defineConfig({
  base: '/build/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // The bench reads it to size what each page loads.
    manifest: true,
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/broadcasting': 'http://localhost:3000',
      '/app': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
