import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { phoneAppFiles } from './scripts/phone-app-files.ts';

/** The message files of the features with phone screens (the list of features/mobile.ts). */
const PHONE_MESSAGES =
  /features[\\/](bus-location|diary|driver-app|my-journeys|suitcase|travel-menu)[\\/]locales[\\/](\w+)\.json$/;

const phoneApp = phoneAppFiles();

export default defineConfig({
  plugins: [
    react(),
    phoneApp.plugin,
    // The traveller and driver app is installable and works offline (docs/adr/0020): a custom worker (src/sw.ts)
    // gets the list of the build's files to precache; the manifest is written as manifest.webmanifest.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'autoUpdate',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        globIgnores: ['**/*.map'],
        // Only the phone app's chunks: the back office is never used offline.
        manifestTransforms: [phoneApp.precacheFilter],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
      manifest: {
        name: 'Tourdesk – Meine Reise',
        short_name: 'Tourdesk',
        description: 'Reisen, Koffer packen und Busstandort für Reisende und Fahrer',
        lang: 'de',
        start_url: '/appuser/aktJourneys',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#004a69',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks where the phone app's first load would otherwise wait for many small ones (six
        // connections per host over HTTP/1.1; docs/adr/0020): TanStack Query in one chunk, and the messages of
        // the features with phone screens (features/mobile.ts) in one chunk per language.
        codeSplitting: {
          // A group holds only the modules it names (React stays where it was, out of these chunks).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'tanstack-query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: (id) => {
                const match = PHONE_MESSAGES.exec(id);
                return match ? `phone-messages-${match[2]}` : null;
              },
            },
          ],
        },
      },
    },
  },
});
