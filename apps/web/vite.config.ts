import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API base is /api (the server serves the API and this app on one port); VITE_API_BASE
// overrides it at build time.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first-load budget (300 KB gzip of JavaScript) is measured by `npm run bench`, not by this warning.
    chunkSizeWarningLimit: 1200,
  },
});
