/**
 * What a cold start of a page (/dashboard: the workspace layout and its dashboard) downloads, made
 * few files, and named in that page's HTML (measured by Lighthouse on /dashboard; docs/performance.md).
 *
 * - `group` puts every module the page's route modules import, and neither the entry nor the
 *   sign-in page do, in one file. Left to automatic splitting they were 38 files (icons of 1 kB
 *   each, small shared helpers): over HTTP/1.1 a browser asks a host six at a time, a round trip
 *   per request, and Lighthouse's mobile simulation counted seven rounds of 150 ms before the
 *   first paint. Another screen that shares one of those modules loads this file too: the layout
 *   is on every screen of a workspace anyway, and the service worker has precached every file
 *   after the first visit.
 * - `cold-start.json`, written into the build: for each page, the files of its route chunks that
 *   index.html does not already name. The server puts them in the page's head
 *   (server/static-files.ts), so the browser asks for them with the entry's own files instead of
 *   once the entry has arrived and run its router. Vite's preload helper then finds the links
 *   there and adds none of its own.
 */
import type { Plugin, Rolldown } from 'vite';

/** Read by server/static-files.ts. */
const COLD_START_FILE = 'cold-start.json';

/** Page path → the ids of the route modules it opens (TanStack's split components). */
export type ColdStartPages = Record<string, RegExp>;

/**
 * @tabler/icons-react is one module re-exporting every icon (5,000): by the graph alone whoever
 * imports one icon imports them all. Only the icons an importer names are followed.
 */
const ICONS = /[\\/]@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]tabler-icons-react\.mjs$/;
const ICON_IMPORTS = /import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["']/g;

function iconsNamed(code: string, barrel: Rolldown.ModuleInfo): string[] {
  const names = new Set(
    [...code.matchAll(ICON_IMPORTS)].flatMap((match) => match[1]!.split(',').map((part) => part.trim().split(/\s+as\s+/)[0]!)),
  );
  return barrel.importedIds.filter((id) => names.has(/([\w]+)\.mjs$/.exec(id)?.[1] ?? ''));
}

/** The modules and everything they import statically. */
function reach(getInfo: (id: string) => Rolldown.ModuleInfo | null, from: string[], into = new Set<string>()): Set<string> {
  const stack = [...from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (into.has(id)) continue;
    into.add(id);
    const info = getInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = ICONS.test(imported) ? getInfo(imported) : null;
      stack.push(...(barrel ? iconsNamed(info?.code ?? '', barrel) : [imported]));
    }
  }
  return into;
}

/** The chunk's file and those of every chunk it imports statically, with their styles. */
function filesOf(bundle: Rolldown.OutputBundle, fileName: string, into: Set<string>): Set<string> {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return into;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) filesOf(bundle, imported, into);
  return into;
}

/**
 * `pages`: the pages gathered; `apart`: the route modules of a page whose first visit must not load
 * that file (/login, whose code has its own budget): what they import stays where it was.
 */
export function coldStart(pages: ColdStartPages, apart: RegExp) {
  /** What the pages' route modules reach and neither the entry nor `apart` do, known once the graph is built. */
  const pageModules = new Set<string>();
  const plugin: Plugin = {
    name: 'salesfield:cold-start',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const getInfo = (id: string) => this.getModuleInfo(id);
      const elsewhere = reach(
        getInfo,
        ids.filter((id) => getInfo(id)?.isEntry || apart.test(id)),
      );
      for (const [page, routes] of Object.entries(pages)) {
        const starts = ids.filter((id) => routes.test(id));
        if (starts.length === 0) this.error(`No route module of ${page} matches ${String(routes)}.`);
        for (const id of reach(getInfo, starts)) if (!elsewhere.has(id)) pageModules.add(id);
      }
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
      const inHtml = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) filesOf(bundle, entry.fileName, inHtml);
      const preloads: Record<string, string[]> = {};
      for (const [page, routes] of Object.entries(pages)) {
        const files = new Set<string>();
        for (const chunk of chunks.filter((candidate) => candidate.moduleIds.some((id) => routes.test(id))))
          filesOf(bundle, chunk.fileName, files);
        preloads[page] = [...files].filter((file) => !inHtml.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: COLD_START_FILE, source: JSON.stringify(preloads) });
    },
  };
  return {
    plugin,
    /** A codeSplitting group gathering the pages' own modules in one file (`cold-start-<hash>.js`). */
    group: { name: 'cold-start', test: (id: string) => pageModules.has(id), includeDependenciesRecursively: false },
  };
}
