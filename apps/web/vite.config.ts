import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { phoneAppFiles } from './scripts/phone-app-files.ts';

/**
 * The phone app (docs/adr/0020) in one chunk, which phone.html preloads: its entry, shell, translations loader and
 * registry of screens, its start screen (the journey list, the installed app's `start_url`) and TanStack Query. The
 * back office shares some of these modules and TanStack Query, so it loads the chunk too; a chunk runs all its
 * modules once any is imported, so none of these may do anything when imported (mobile-app.tsx waits to be called).
 */
const PHONE_APP = [
  /node_modules[\\/]@tanstack[\\/]/,
  /src[\\/]mobile-app\.tsx$/,
  /src[\\/]lib[\\/](feature|mobile|mobile-i18n|mobile-icons|mobile-query|offline-routes|push-subscription|require-session|service-worker)\.tsx?$/,
  /src[\\/]layout[\\/]mobile-(bell|colours|shell)\.(tsx?|css)$/,
  /src[\\/]features[\\/](mobile|[\w-]+[\\/][\w-]+\.mobile)\.ts$/,
  /src[\\/]locales[\\/]load\.ts$/,
  /src[\\/]features[\\/]my-journeys[\\/](journey-list\.(tsx|css)|add-trip-form\.tsx|trip-api\.ts|trip-keys\.ts)$/,
  /src[\\/]shared[\\/]traveller-trips\.ts$/,
];

/**
 * What every page needs before its first screen: the session's token, the language, the brand, the error texts and
 * the merging of messages.
 */
const SESSION =
  /(contracts[\\/]src[\\/](brand|errors)|src[\\/]lib[\\/](auth-token|cookies|language)|src[\\/]locales[\\/]merge)\.ts$/;

/**
 * The messages of one language in one chunk: the shell's (react-admin's and the app's own) and those of the features
 * with phone screens (features/mobile.ts). The back office's other features bring their own.
 */
const MESSAGES = [
  /src[\\/]locales[\\/](?:ra[\\/]|app[\\/])?(de|en|es|ru)\.(?:ts|json)$/,
  /features[\\/](?:bus-location|chat|diary|driver-app|my-journeys|notifications|suitcase|survey-answers|travel-menu)[\\/]locales[\\/](\w+)\.json$/,
];
const messagesChunk = (id: string): string | null => {
  if (/node_modules[\\/]ra-language-english[\\/]/.test(id)) return 'messages-en';
  const language = MESSAGES.map((pattern) => pattern.exec(id)?.[1]).find(Boolean);
  return language ? `messages-${language}` : null;
};

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
        // connections per host over HTTP/1.1; docs/adr/0020): React DOM, the phone app, the
        // session's basics and the messages of each language each in one chunk.
        codeSplitting: {
          // A group holds only the modules it names (React stays where it was, out of these chunks).
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'phone-app', test: (id) => PHONE_APP.some((pattern) => pattern.test(id)) },
            { name: 'session', test: SESSION },
            { name: messagesChunk },
          ],
        },
      },
    },
  },
});
