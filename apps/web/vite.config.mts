import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../tools/build/precompress.mjs';
import { preloadModules } from '../../tools/build/preload-modules.mjs';

const contractsBrowserEntry = fileURLToPath(new URL('../../libs/contracts/src/browser.ts', import.meta.url));

/** The landing page's forms and controls, bundled as one chunk (see build.rolldownOptions). */
const LANDING_CONTROLS =
  /apps[\\/]web[\\/]src[\\/](features[\\/](auth|theme|language)[\\/]|app[\\/](ui[\\/]|errorText))/;

/** Where the dev server forwards API and socket traffic; the API listens on 3000 by default. */
const apiProxyTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig(() => ({
  root: import.meta.dirname,
  cacheDir: '../../node_modules/.vite/apps/web',
  resolve: {
    tsconfigPaths: true,
    // Every importer (libs/games too, which tsconfig paths would send to the server entry) gets the contracts lib's
    // browser entry: no class-validator / class-transformer in the bundle (docs/decisions/1301).
    alias: [{ find: /^@skillduel\/contracts$/, replacement: contractsBrowserEntry }],
  },
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
  // The landing page is where most first visits start: its chunk is fetched with the entry (modulepreload).
  plugins: [react(), preloadModules(['src/features/landing/LandingPage.tsx']), precompress()],
  build: {
    outDir: '../../dist/apps/web',
    emptyOutDir: true,
    reportCompressedSize: true,
    // .vite/manifest.json: which chunks each route loads (npm run bench:web reads it; not served, a dot directory).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is needed for the first paint anyway: one chunk of it instead of
          // many small shared ones compresses ~7 kB (gzip) smaller. Lazy screens keep their own chunks.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The landing page's forms and controls (shared with the email-link screens and the layout): one chunk
            // instead of a dozen small ones, each of which would cost a request (and ~1 kB of headers) on mobile.
            // Screens (…Page.tsx) stay out: they are lazy chunks of their own.
            {
              name: 'auth',
              test: (id: string) => LANDING_CONTROLS.test(id) && !/Page\.tsx$/.test(id),
            },
          ],
        },
      },
    },
  },
}));
