import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';

type ManifestTransform = NonNullable<NonNullable<VitePWAOptions['injectManifest']>['manifestTransforms']>[number];

/**
 * The files the traveller and driver app needs, so the service worker precaches those and not the whole back
 * office (docs/adr/0020 "Offline"). After the bundle is made, the chunks reachable from the phone app's entry
 * (`src/mobile-app.tsx`, with the screens it loads lazily) are collected, with the entry chunk's static imports
 * and the CSS and assets of them all. `precacheFilter` then keeps only those among the build's `assets/` files
 * (index.html, icons and the manifest stay).
 */
export function phoneAppFiles(): { plugin: Plugin; precacheFilter: ManifestTransform } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'tourdesk-phone-app-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = new Map(
        Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [[output.fileName, output]] : [])),
      );
      const visit = (fileName: string, lazyToo: boolean) => {
        const chunk = chunks.get(fileName);
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) files.add(asset);
        for (const imported of chunk.imports) visit(imported, lazyToo);
        if (lazyToo) for (const imported of chunk.dynamicImports) visit(imported, true);
      };
      const phone = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/src/mobile-app.tsx'));
      if (!phone) throw new Error('phone-app-files: no chunk for src/mobile-app.tsx');
      // The entry starts the back office lazily: only its static imports count, then the phone app with all
      // it loads.
      for (const entry of chunks.values()) if (entry.isEntry) visit(entry.fileName, false);
      visit(phone.fileName, true);
    },
  };
  const precacheFilter: ManifestTransform = (entries) => ({
    manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || files.has(entry.url)),
    warnings: [],
  });
  return { plugin, precacheFilter };
}
