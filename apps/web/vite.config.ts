import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/** Links (downloads) index.html's loader starts per task. */
const LINKS_PER_TASK = 3;
/** The attribute (on <html>) and event by which the loader says it has asked for every file. */
const APP_FILES_REQUESTED = 'data-app-files-requested';

/**
 * The page code (a lazy route chunk, its static imports and its CSS) of the screens people open
 * first, by address. A page's code is otherwise asked for only once the app's own code has
 * downloaded and run; this map lets index.html's loader start it alongside.
 */
const FIRST_SCREENS: Record<string, string> = {
  '/': 'src/app/routes/ReceiptsPage.tsx',
  '/receipts': 'src/app/routes/ReceiptsPage.tsx',
  '/vender': 'src/app/routes/CounterPage.tsx',
  '/dashboard': 'src/app/routes/DashboardPage.tsx',
};

/**
 * Rewrites index.html so that its splash (inline styles only) paints before any of the app's files
 * is asked for: the entry script, its modulepreloads and the stylesheet leave the HTML, and a small
 * inline script at the end of <body> adds them once the first frame is out (at once in a hidden
 * tab), together with the chunks (and stylesheets) of the page being opened, so those download in
 * parallel with the entry instead of after it has run. With the files in the HTML, whether the
 * splash's paint waited for them was a race (Lighthouse counted whichever had finished first
 * on loopback, so the same page's first paint was fast or slow by chance). The server allows this one inline
 * script by its hash (apps/server/src/plugins/web.ts). main.tsx applies the stylesheet and waits
 * for it before React's first render, so no screen shows unstyled.
 */
function appLoader(): Plugin {
  return {
    name: 'mostrador:app-loader',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      // What index.html loads (the entry and its static imports) is not repeated per page.
      const initial = new Set<string>();
      const addInitial = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) addInitial(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) addInitial(chunk.fileName);
      const filesOf = (module: string) => {
        const root = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(module));
        if (!root) this.error(`app-loader: no chunk for ${module}`);
        const js = new Set<string>();
        const css = new Set<string>();
        const visit = (fileName: string) => {
          if (js.has(fileName) || initial.has(fileName)) return;
          const chunk = chunks.find((c) => c.fileName === fileName);
          if (!chunk) return;
          js.add(fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
          for (const imported of chunk.imports) visit(imported);
        };
        visit(root.fileName);
        return { js: [...js].map((f) => `/${f}`), css: [...css] };
      };
      const routes = Object.fromEntries(Object.entries(FIRST_SCREENS).map(([path, module]) => [path, filesOf(module)]));

      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') this.error('app-loader: index.html is not in the bundle yet');
      let source = String(html.source);
      const take = (pattern: RegExp) => {
        const found = [...source.matchAll(pattern)].map((m) => m[1]!);
        source = source.replace(pattern, '');
        return found;
      };
      const entry = take(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/g);
      const preloads = take(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g);
      const styles = take(/\s*<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g);
      if (entry.length !== 1) this.error(`app-loader: expected one entry script in index.html, found ${entry.length}`);
      if (/<script[^>]*\ssrc=|<link[^>]*rel="(?:modulepreload|stylesheet)"/.test(source)) {
        this.error('app-loader: index.html still loads a file the loader does not know about');
      }
      const files = { entry: entry[0], preloads, styles, routes };
      const loader =
        `(function(){var d=document,f=${JSON.stringify(files)},started=false;` +
        // Gone from the page once run: an inline script left in the DOM is what an injection looks like.
        `if(d.currentScript)d.currentScript.remove();` +
        `function link(rel,href,css){if(d.querySelector('link[href="'+href+'"]'))return;var l=d.createElement('link');l.rel=rel;l.href=href;l.crossOrigin='';` +
        `if(css){l.as='style';l.setAttribute('data-app-css','');}d.head.appendChild(l);}` +
        // A few links per task: starting a download costs the main thread a few milliseconds
        // (more on a slow phone), and a page opens with dozens of them.
        `function batches(todo){todo.splice(0,${LINKS_PER_TASK}).forEach(function(add){add()});` +
        // Once all are asked for, says so (lib/app-files.ts): the first page's import waits for it.
        `if(todo.length)setTimeout(function(){batches(todo)},0);else{d.documentElement.setAttribute('${APP_FILES_REQUESTED}','');` +
        `d.dispatchEvent(new Event('${APP_FILES_REQUESTED}'))}}` +
        `function load(){if(started)return;started=true;var todo=[];` +
        `f.styles.forEach(function(h){todo.push(function(){link('preload',h,true)})});` +
        `todo.push(function(){var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=f.entry;d.head.appendChild(s);});` +
        `var r=f.routes[location.pathname.replace(/\\/+$/,'')||'/']||{js:[],css:[]};` +
        `f.preloads.concat(r.js).forEach(function(h){todo.push(function(){link('modulepreload',h)})});` +
        `r.css.forEach(function(h){todo.push(function(){link('stylesheet',h)})});batches(todo);}` +
        `if(d.visibilityState==='visible'&&window.requestAnimationFrame){requestAnimationFrame(function(){setTimeout(load,0)});setTimeout(load,1000);}` +
        `else load();})();`;
      if (!source.includes('</body>')) this.error('app-loader: index.html has no </body>');
      html.source = source.replace('</body>', `  <script>${loader}</script>\n  </body>`);
    },
  };
}

/** @mantine/hooks' `useId` replaced by src/lib/mantine-use-id.ts (why: there). */
function mantineUseId(): Plugin {
  const replacement = fileURLToPath(new URL('./src/lib/mantine-use-id.ts', import.meta.url));
  let applied = false;
  return {
    name: 'mostrador:mantine-use-id',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './use-id/use-id.mjs' && importer?.replace(/\\/g, '/').includes('/@mantine/hooks/')) {
        applied = true;
        return replacement;
      }
      return null;
    },
    // A Mantine upgrade that moves the module must not drop the replacement unnoticed.
    generateBundle() {
      if (!applied) this.error('mantine-use-id: @mantine/hooks no longer imports ./use-id/use-id.mjs');
    },
  };
}

// The API base is /api (the server serves the API and this app on one port); VITE_API_BASE
// overrides it at build time.
export default defineConfig({
  plugins: [mantineUseId(), react(), appLoader()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The first-load budget (250 KB gzip of JavaScript) is measured by `npm run bench`, not by this warning.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod and the shared request schemas in a chunk of their own: left to the automatic
          // split, they shared a chunk with small helpers the receipt list uses, so opening the
          // list built every schema (a long task on a phone) without validating anything.
          // (What the first screen imports of the shared package stays in the first files.)
          groups: [
            { name: 'shared', tags: ['$initial'], test: /[\\/]packages[\\/]shared[\\/]/, priority: 3 },
            // The plain constants a schema module also uses (a group takes its modules' imports too).
            {
              name: 'shared',
              test: /[\\/]packages[\\/]shared[\\/]src[\\/](exports|client-order|taxes|invoice-messages|products|scale-label|credit|cash-drawer|settings|dashboard|costs)\.ts$/,
              priority: 2,
            },
            {
              name: 'schemas',
              test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]packages[\\/]shared[\\/]src[\\/]schemas[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
