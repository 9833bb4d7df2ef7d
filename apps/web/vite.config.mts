import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Where the dev server forwards API and socket traffic; the API listens on 3000 by default. */
const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  resolve: { tsconfigPaths: true },
  server: {
    port: 4200,
    host: 'localhost',
    proxy: {
      '/api': { target: apiProxyTarget, changeOrigin: true },
      '/socket.io': { target: apiProxyTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4300,
    host: 'localhost',
    proxy: {
      '/api': { target: apiProxyTarget, changeOrigin: true },
      '/socket.io': { target: apiProxyTarget, changeOrigin: true, ws: true },
    },
  },
  plugins: [react()],
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: true,
  },
}));
