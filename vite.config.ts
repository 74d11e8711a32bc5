/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Topology } from 'topojson-specification';
import { build as bundle } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { basemapCells, cellKey, encodeCell } from './scripts/basemap-cells.ts';
import { FIRST_SCREEN_MODULES } from './src/app/first-screen-modules.ts';
import { LATER_PARTS, partOfMessage, type MessagePart } from './src/locales/parts.ts';
import { FIRST_SCREEN_CHUNKS_ELEMENT_ID, scriptSafeJson } from './src/contract/page-render.ts';

const MESSAGES_PREFIX = 'virtual:messages/';

/**
 * UI message catalogs (src/locales/<lang>.json, flat ICU messages) are compiled
 * at build time and imported as `virtual:messages/<lang>`, so the browser ships
 * Lingui's small runtime and no ICU parser. English also comes in parts,
 * `virtual:messages/en/<part>` (src/locales/parts.ts), so a page downloads only the
 * English messages of the pages it can draw.
 */
function compiledMessageCatalogs(): Plugin {
  const prefix = MESSAGES_PREFIX;
  return {
    name: 'compiled-message-catalogs',
    resolveId(source) {
      return source.startsWith(prefix) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [language = '', part] = id.slice(prefix.length + 1).split('/');
      if (!/^[a-z]{2}$/.test(language)) throw new Error(`No message catalog named ${language}`);
      if (part !== undefined && (language !== 'en' || !isMessagePart(part))) {
        throw new Error(`No message catalog named ${language}/${part}`);
      }
      const file = fileURLToPath(new URL(`./src/locales/${language}.json`, import.meta.url));
      this.addWatchFile(file);
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages)
          .filter(([key]) => part === undefined || partOfMessage(key) === part)
          .map(([key, text]) => [key, compileMessage(text)]),
      );
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}

function isMessagePart(part: string): part is MessagePart {
  return part === 'core' || (LATER_PARTS as readonly string[]).includes(part);
}

/**
 * The offline basemap at street zoom: Natural Earth at 1:10m cut into cells at build time
 * (scripts/basemap-cells.ts), each its own hashed asset, listed by `virtual:basemap-cells`
 * as { "south,west": url }. The dev server and the server entry list none (the map then
 * draws the whole-world 1:50m basemap only).
 */
function offlineBasemapCells(): Plugin {
  const id = 'virtual:basemap-cells';
  let emitting = false;
  return {
    name: 'offline-basemap-cells',
    configResolved(config) {
      emitting = config.command === 'build' && !config.build.ssr;
    },
    resolveId(source) {
      return source === id ? `\0${id}` : null;
    },
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      if (!emitting) return 'export default {};';
      const file = fileURLToPath(import.meta.resolve('world-atlas/countries-10m.json'));
      const topology = JSON.parse(readFileSync(file, 'utf8')) as Topology;
      const entries = basemapCells(topology).map((cell) => {
        const reference = this.emitFile({
          type: 'asset',
          name: `basemap-${String(cell.south)}_${String(cell.west)}.json`,
          source: JSON.stringify(encodeCell(cell)),
        });
        return `${JSON.stringify(cellKey(cell.south, cell.west))}: import.meta.ROLLUP_FILE_URL_${reference}`;
      });
      return `export default {${entries.join(',')}};`;
    },
  };
}

const EARLY_INPUT_ENTRY = 'src/early-input.ts';

/**
 * The early-input script (src/early-input.ts): bundled on its own into one small classic
 * script, a hashed asset the server may let browsers keep for a year, and loaded by every
 * page from its head, before the body a shopper can tap: it must run before any tap, and
 * the plain shell has no nonce for an inline script. The dev server loads the module as it
 * is.
 */
function earlyInputScript(): Plugin {
  let src = `/${EARLY_INPUT_ENTRY}`;
  let browserBuild = false;
  return {
    name: 'early-input-script',
    configResolved(config) {
      browserBuild = config.command === 'build' && !config.build.ssr;
      if (browserBuild) src = '';
    },
    async buildStart() {
      if (!browserBuild) return;
      const { output } = await bundle({
        input: resolve(EARLY_INPUT_ENTRY),
        write: false,
        output: { format: 'iife', minify: true },
      });
      const code = output[0].code;
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      const fileName = `assets/early-input-${hash}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      src = `/${fileName}`;
    },
    transformIndexHtml() {
      return [
        {
          tag: 'script',
          attrs: browserBuild ? { src } : { type: 'module', src },
          injectTo: 'head',
        },
      ];
    },
  };
}

/**
 * Lists in the built shell, for each page the server renders, the chunks its first screen
 * runs beyond the entry's own (FIRST_SCREEN_MODULES and what they import), each after the
 * chunks it imports, and each language's messages (English is in the entry). The page's
 * starter asks for them with the entry's, a few per task, and runs them one per task;
 * otherwise the app, once running, would add their preloads itself, all in the task that
 * starts it, and wait one more round trip for them.
 */
function firstScreenChunks(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'first-screen-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) =>
          output.type === 'chunk' ? [output] : [],
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const visit = (file: string, seen: Set<string>, order: string[]) => {
          const chunk = byFile.get(file);
          if (!chunk || seen.has(file)) return;
          seen.add(file);
          for (const imported of chunk.imports) visit(imported, seen, order);
          order.push(base + file);
        };
        const entry = new Set<string>();
        for (const chunk of chunks.filter((candidate) => candidate.isEntry)) {
          visit(chunk.fileName, entry, []);
        }
        const screens = Object.fromEntries(
          Object.entries(FIRST_SCREEN_MODULES).map(([page, modules]) => {
            const seen = new Set(entry);
            const order: string[] = [];
            for (const module of modules) {
              const chunk = chunks.find(
                (candidate) => candidate.facadeModuleId === resolve(root, module),
              );
              if (!chunk) throw new Error(`no chunk starts at ${module}, a first-screen module`);
              visit(chunk.fileName, seen, order);
            }
            return [page, order];
          }),
        );
        const languages = Object.fromEntries(
          chunks.flatMap((chunk) => {
            const language = chunk.facadeModuleId?.split(`\0${MESSAGES_PREFIX}`)[1];
            if (!language) return [];
            const order: string[] = [];
            visit(chunk.fileName, new Set(entry), order);
            return [[language, order]];
          }),
        );
        return {
          html,
          tags: [
            {
              tag: 'script',
              attrs: { type: 'application/json', id: FIRST_SCREEN_CHUNKS_ELEMENT_ID },
              children: scriptSafeJson({ screens, languages }),
              injectTo: 'head',
            },
          ],
        };
      },
    },
  };
}

/**
 * The app's modules that every page or more than one first screen runs: the entry's static
 * imports, and what the static imports of two or more first screens (FIRST_SCREEN_MODULES)
 * have in common, read from the module graph once it is complete. The shared chunk holds
 * these; a module only one first screen or only later routes use goes with them.
 */
function sharedByFirstScreens(): Plugin & {
  has: (id: string) => boolean;
  isFirstScreenCheck: (id: string) => boolean;
} {
  let root = '';
  let contractIndex = '';
  const shared = new Set<string>();
  const firstScreenChecks = new Set<string>();
  return {
    name: 'shared-by-first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      contractIndex = resolve(root, 'src/contract/index.ts');
    },
    buildEnd() {
      const reach = (starts: Iterable<string>) => {
        const seen = new Set<string>();
        const pending = [...starts];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          // Not through the contract's index: it re-exports every part of the contract,
          // and the bundler places each part with the code that uses its bindings.
          if (id !== contractIndex) pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const screensUsing = new Map<string, number>();
      for (const modules of Object.values(FIRST_SCREEN_MODULES)) {
        for (const id of reach(modules.map((module) => resolve(root, module)))) {
          screensUsing.set(id, (screensUsing.get(id) ?? 0) + 1);
        }
      }
      // The contract's checks (zod, the schemas, what runs them) stay out: a first screen that
      // hydrates without them (results) must not load them with the shared chunk. They
      // split among the pages and later routes that use them.
      const checks = new Set<string>();
      const pendingChecks = [...this.getModuleIds()].filter((id) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(id),
      );
      // Every module that imports zod, directly or through others, found from zod up through
      // each module's importers (cycles included), not through the contract's index.
      for (let id = pendingChecks.pop(); id !== undefined; id = pendingChecks.pop()) {
        if (checks.has(id)) continue;
        checks.add(id);
        for (const importer of this.getModuleInfo(id)?.importers ?? []) {
          if (importer !== contractIndex) pendingChecks.push(importer);
        }
      }
      const reachesChecks = (id: string) => checks.has(id);
      shared.clear();
      firstScreenChecks.clear();
      for (const id of reach(entries)) if (!reachesChecks(id)) shared.add(id);
      for (const [id, screens] of screensUsing) {
        if (screens > 1) (reachesChecks(id) ? firstScreenChecks : shared).add(id);
      }
    },
    has: (id) => shared.has(id),
    isFirstScreenCheck: (id) => firstScreenChecks.has(id),
  };
}

const serverPort = Number(process.env.PORT ?? 8080);
const firstScreens = sharedByFirstScreens();

// `vite build` is the browser's app; `vite build --ssr src/entry-server.tsx` the same
// routes for the app server to render pages with (dist/ssr, loaded at start when present).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    compiledMessageCatalogs(),
    earlyInputScript(),
    firstScreens,
    offlineBasemapCells(),
    firstScreenChunks(),
    react(),
    tailwindcss(),
  ],
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        sourcemap: false,
        target: 'node20',
        copyPublicDir: false,
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        sourcemap: false,
        target: 'es2022',
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // The app's shared code (lib, contract, components, the stay) that every page or
                // more than one first screen runs, in one chunk with what it imports, not a
                // file per set of routes using it: a first page loads 9 to 14 files instead
                // of 29 to 36, over the six connections a browser opens to a server without
                // HTTP/2. What one first screen or only later routes use splits among them,
                // so other pages do not download it (decision 043, "Fewer files").
                {
                  name: 'app-shared',
                  test: (id: string) =>
                    !id.includes('node_modules') &&
                    /[\\/]src[\\/](lib|contract|components|stay)[\\/]/.test(id) &&
                    // The stay's fields are UI of their own (a dialog, a combobox, queries):
                    // they split with the forms that draw them.
                    !/[\\/]src[\\/]stay[\\/]fields[\\/]/.test(id) &&
                    firstScreens.has(id),
                  priority: -1,
                },
                // The checks the first screens that run them (home's form, the hotel page's
                // stay) hydrate with: zod and the schemas in one chunk, not a file per set
                // of pages using each. The results page loads it after hydrating.
                {
                  name: 'checks',
                  test: (id: string) =>
                    firstScreens.isFirstScreenCheck(id) &&
                    (/[\\/]node_modules[\\/]zod[\\/]/.test(id) ||
                      /[\\/]src[\\/]contract[\\/]/.test(id) ||
                      /[\\/]src[\\/].*-(check|rules)\.ts$/.test(id)),
                },
                {
                  name: 'framework',
                  // Not zod: the contract's checks come after a results page has hydrated,
                  // with the first call or form that needs them.
                  test: (id: string) =>
                    /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|@lingui)[\\/]/.test(
                      id,
                    ) &&
                    // React Query's useQueries serves only parts drawn later (the nearby dates):
                    // it splits with them rather than weigh on every first page.
                    !/[\\/](useQueries|queriesObserver)\.js$/.test(id),
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: {
      // In `npm run dev` the app server (tsx watch) answers /api and the sandbox's images.
      '/api': { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false },
      '/sandbox': { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false },
      // The header's preference forms, posted before the page has hydrated.
      '/preferences': { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false },
    },
  },
  test: {
    // One worker per core, not vitest's default of one fewer: most test files wait on what
    // they started (servers, redis-server, an SMTP server, timers) more than they compute,
    // and on 2 cores the default runs them one at a time (566 s against 395 s with two).
    maxWorkers: availableParallelism(),
    // With a file on each core, the CPU-bound tests (a whole inventory generated, thousands
    // of property cases) take up to twice their time alone: 4.3 s alone for the slowest
    // without a timeout of its own, past vitest's default of 5 s when it shares the machine.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'src/contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/contract/**'],
          setupFiles: ['src/testing/setup.ts'],
          // The traveller's clock in component tests is UTC, whatever the machine's zone.
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
}));
