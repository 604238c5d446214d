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
 * The messages of one language in one chunk: the shell's (react-admin's and the app's own), the login page's and
 * those of the features with phone screens (features/mobile.ts). The back office's other features share another
 * (`featureMessagesChunk`).
 */
const MESSAGES = [
  /src[\\/]locales[\\/](?:ra[\\/]|app[\\/])?(de|en|es|ru)\.(?:ts|json)$/,
  /features[\\/](?:auth|bus-location|chat|diary|driver-app|my-journeys|notifications|suitcase|survey-answers|travel-menu)[\\/]locales[\\/](\w+)\.json$/,
];
const messagesChunk = (id: string): string | null => {
  if (/node_modules[\\/]ra-language-english[\\/]/.test(id)) return 'messages-en';
  const language = MESSAGES.map((pattern) => pattern.exec(id)?.[1]).find(Boolean);
  return language ? `messages-${language}` : null;
};

/**
 * The back office's features' messages of one language in one chunk: without it a first screen loaded forty
 * small files after the shell's (one per feature). The phone app's features are in `messagesChunk`.
 */
const featureMessagesChunk = (id: string): string | null => {
  const language = /src[\\/]features[\\/][\w-]+[\\/]locales[\\/](\w+)\.json$/.exec(id)?.[1];
  return language ? `feature-messages-${language}` : null;
};

/**
 * MUI and Emotion, and the icons the app uses, each in one chunk: split by which screens share them, the back
 * office's first screen loaded them as some eighty files, queued six at a time (HTTP/1.1) behind each other.
 * The phone app's first screen has no MUI (docs/adr/0020); its other screens load these chunks.
 */
const MUI =
  /node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|@popperjs|react-transition-group|hoist-non-react-statics)[\\/]/;
const ICONS = /node_modules[\\/]@mui[\\/]icons-material[\\/]/;

/**
 * react-admin and the libraries only the back office uses (each a group of small chunks otherwise). Every library
 * react-admin imports that no other group holds belongs here: left in a chunk of the app that imports react-admin,
 * it made the chunks import each other, and react-admin ran before the chunk with eventemitter3 had
 * ("… is not a constructor" on the first screen).
 */
const REACT_ADMIN =
  /node_modules[\\/](ra-core|ra-ui-materialui|react-admin|ra-i18n-i18next|react-hook-form|inflection|query-string|eventemitter3|react-error-boundary|react-hotkeys-hook|lodash|diacritic|jsonexport)[\\/]/;

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
            { name: featureMessagesChunk },
            { name: 'mui', test: MUI },
            { name: 'icons', test: ICONS },
            { name: 'react-admin', test: REACT_ADMIN },
          ],
        },
      },
    },
  },
});
