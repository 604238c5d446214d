import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { PHONE_APP_HTML } from '@tourdesk/contracts/phone-app';

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['manifestTransforms']>[number];

/**
 * The files of the traveller and driver app (docs/adr/0020), collected once the bundle is made:
 *
 * - **Offline**: the service worker precaches only these, not the whole back office. They are the chunks
 *   reachable from the phone app's entry (`src/mobile-app.tsx`, with the screens it loads lazily), the entry
 *   chunk's static imports, and the CSS and assets of them all. `precacheFilter` keeps only those among the
 *   build's `assets/` files (the pages, icons and the manifest stay).
 * - **First load**: `phone.html` is index.html with the phone app's own chunks and styles preloaded (those
 *   `src/mobile-app.tsx` imports statically). The server sends it for the phone app's addresses, so these
 *   chunks load beside the entry chunk instead of after it has run (one round trip less before the first screen).
 */
export function phoneAppFiles(): { plugin: Plugin; precacheFilter: ManifestTransform } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'tourdesk-phone-app-files',
    apply: 'build',
    // After Vite's own HTML plugin: index.html is in the bundle by then.
    enforce: 'post',
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      /** `fileName` and what it imports (statically only, or lazily too), with their CSS and assets, into `into`. */
      const visit = (fileName: string, lazyToo: boolean, into: Set<string>) => {
        const chunk = chunks.get(fileName);
        if (!chunk || into.has(fileName)) return;
        into.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) into.add(asset);
        for (const imported of chunk.imports) visit(imported, lazyToo, into);
        if (lazyToo) for (const imported of chunk.dynamicImports) visit(imported, true, into);
      };
      // The phone app's entry module may share its chunk with other modules of the phone app (vite.config.ts).
      const phone = [...chunks.values()].find((chunk) =>
        chunk.moduleIds.some((id) => id.endsWith('/src/mobile-app.tsx')),
      );
      if (!phone) throw new Error('phone-app-files: no chunk for src/mobile-app.tsx');
      // The entry starts the back office lazily: only its static imports count, then the phone app with all
      // it loads.
      const entries = new Set<string>();
      for (const entry of chunks.values()) if (entry.isEntry) visit(entry.fileName, false, entries);
      const shell = new Set<string>();
      visit(phone.fileName, false, shell);
      for (const file of entries) files.add(file);
      visit(phone.fileName, true, files);

      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('phone-app-files: no index.html in the bundle');
      const preloads = [...shell]
        .filter((file) => !entries.has(file) && /\.(js|css)$/.test(file))
        .map((file) =>
          file.endsWith('.css')
            ? `<link rel="preload" as="style" crossorigin href="/${file}">`
            : `<link rel="modulepreload" crossorigin href="/${file}">`,
        );
      this.emitFile({
        type: 'asset',
        fileName: PHONE_APP_HTML,
        source: String(index.source).replace(/\s*<\/head>/, `\n    ${preloads.join('\n    ')}\n  </head>`),
      });
    },
  };
  const precacheFilter: ManifestTransform = (entries) => ({
    manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || files.has(entry.url)),
    warnings: [],
  });
  return { plugin, precacheFilter };
}
