// Vite build plugin: adds <link rel="modulepreload"> (and their stylesheets) to index.html for lazy modules that the first page most visitors
// see needs at once (the landing page). The browser then fetches them in parallel with the entry instead of after
// it has run, which takes a round trip off the Largest Contentful Paint; the module stays a chunk of its own, so
// other routes do not execute it (docs/decisions/1301).

/** `modules`: source paths relative to the Vite root, e.g. 'src/features/landing/LandingPage.tsx'. */
export function preloadModules(modules) {
  return {
    name: 'skillduel:preload-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loadedWithEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
        const files = new Set();
        const visit = (fileName) => {
          if (files.has(fileName) || loadedWithEntry.has(fileName)) return;
          files.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit);
        };
        for (const source of modules) {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId?.endsWith(`/${source}`));
          if (!chunk) throw new Error(`preloadModules: no chunk for ${source}`);
          visit(chunk.fileName);
        }
        // Their CSS too, as stylesheets: Vite's loader would otherwise fetch it after the entry has run, and hold the
        // module back until it arrives (it skips stylesheets already in the page).
        const styles = new Set(
          [...files].flatMap((fileName) => [...(bundle[fileName].viteMetadata?.importedCss ?? [])]),
        );
        const entryStyles = entry?.viteMetadata?.importedCss ?? new Set();
        return [
          ...[...styles]
            .filter((fileName) => !entryStyles.has(fileName))
            .map((fileName) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${fileName}` },
              injectTo: 'head',
            })),
          ...[...files].map((fileName) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
            injectTo: 'head',
          })),
        ];
      },
    },
  };
}
