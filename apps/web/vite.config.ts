import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The page code (a lazy route chunk, its static imports and its CSS) of the screens people open
 * first, by address. A page's code is otherwise asked for only once the app's own code has
 * downloaded and run; this map lets a tiny script in index.html start it alongside.
 */
const FIRST_SCREENS: Record<string, string> = {
  '/': 'src/app/routes/ReceiptsPage.tsx',
  '/receipts': 'src/app/routes/ReceiptsPage.tsx',
  '/vender': 'src/app/routes/CounterPage.tsx',
  '/dashboard': 'src/app/routes/DashboardPage.tsx',
};

/**
 * Emits `assets/route-preload-<hash>.js` (an async classic script, early in <head>): for the
 * address being opened, it adds `<link rel="modulepreload">` (and stylesheets) for that page's
 * chunks, so they download in parallel with the entry script instead of after it.
 */
function routePreload(): Plugin {
  return {
    name: 'mostrador:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      // What index.html already loads (the entry and its static imports) is left out.
      const initial = new Set<string>();
      const addInitial = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) addInitial(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) addInitial(chunk.fileName);
      const filesOf = (module: string) => {
        const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
        if (!root) this.error(`route-preload: no chunk for ${module}`);
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (js.has(fileName) || initial.has(fileName)) return;
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk) return;
          js.add(fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(root.fileName);
        return { js: [...js], css: [...css] };
      };
      const routes = Object.fromEntries(Object.entries(FIRST_SCREENS).map(([path, module]) => [path, filesOf(module)]));
      const source =
        `(function(){var r=${JSON.stringify(routes)}[location.pathname.replace(/\\/+$/,'')||'/'];if(!r)return;` +
        `function add(rel,f){var l=document.createElement('link');l.rel=rel;l.href='/'+f;` +
        `if(rel==='modulepreload')l.crossOrigin='';document.head.appendChild(l);}` +
        `r.js.forEach(function(f){add('modulepreload',f)});r.css.forEach(function(f){add('stylesheet',f)});})();\n`;
      const ref = this.emitFile({ type: 'asset', name: 'route-preload.js', source });
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') this.error('route-preload: index.html is not in the bundle yet');
      const tag = `<script async src="/${this.getFileName(ref)}"></script>`;
      html.source = String(html.source)
        .replace(/(<meta charset[^>]*>)/i, `$1\n    ${tag}`)
        // The app's stylesheet downloads at once but no longer blocks the first paint (the splash has
        // inline styles); main.tsx applies it and waits for it before React's first render.
        .replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+\.css)">/g,
          '<link rel="preload" as="style"$1 href="$2" data-app-css>',
        );
    },
  };
}

// The API base is /api (the server serves the API and this app on one port); VITE_API_BASE
// overrides it at build time.
export default defineConfig({
  plugins: [react(), routePreload()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first-load budget (250 KB gzip of JavaScript) is measured by `npm run bench`, not by this warning.
    chunkSizeWarningLimit: 1200,
  },
});
