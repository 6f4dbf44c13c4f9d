/**
 * Online-only screens stay out of the phone's download by where their files live, with no list per
 * feature in vite.config.ts (docs/adding-a-domain.md "Registration"):
 *
 * - a feature's `components/office/` (screens that need the server for everything they show) is
 *   one file, `<feature>-office`;
 * - each `components/online/<part>.tsx` (a part of those shown on another screen, such as an
 *   order's card) is its own file, `<feature>-office-<part>`, so that screen loads no office screen;
 * - a module of the feature or of contract/ that only one of those files imports (its calls, rules
 *   and schemas) goes with it; one that several of the same feature's office files import, and
 *   nothing else, is a file of its own, `<feature>-office-common`.
 *
 * vite.config.ts leaves `assets/*-office-*` out of the precache; the service worker keeps such a
 * file once it has been fetched (sw/sw.ts). Everything else those screens use stays in the
 * precached chunks, where the rest of the app finds it.
 */

/** What the chunking pass tells about a module (rolldown's ChunkingContext, the fields read here). */
export type ModuleGraph = {
  getModuleInfo(id: string): { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
};

const OWN = /[\\/]src[\\/]features[\\/]([\w-]+)[\\/]components[\\/](office|online)[\\/]([^?]+)$/;
/** Modules that may follow the office file that alone imports them. */
const FOLLOWER = /[\\/](src[\\/]features[\\/][\w-]+|contract)[\\/][^?]+\.tsx?$/;

/** The office file a module's folder puts it in, if any. */
function ownChunk(id: string): string | null {
  const match = OWN.exec(id);
  if (!match) return null;
  const [, feature, kind, rest] = match as unknown as [string, string, string, string];
  if (kind === 'office') return `${feature}-office`;
  const part = rest.split(/[\\/]/)[0]!.replace(/\.tsx?$/, '');
  return `${feature}-office-${part}`;
}

/** The one office file all importers are in, or the common file of their feature's office files. */
function commonChunk(names: Set<string | null>): string | null {
  if (names.size === 1) return [...names][0]!;
  const features = new Set([...names].map((name) => (name ? /^(.+?)-office(-|$)/.exec(name)?.[1] : undefined)));
  const [feature] = features;
  return features.size === 1 && feature ? `${feature}-office-common` : null;
}

/**
 * The office file of a module that is not in one by its folder: the one all its importers are in.
 * An importer already on the path (an import cycle) has no say (undefined). A module loaded with
 * import() keeps a file of its own, as the app asked.
 */
function followedChunk(id: string, graph: ModuleGraph, path: Set<string>, known: Map<string, string | null>): string | null | undefined {
  const own = ownChunk(id);
  if (own) return own;
  if (known.has(id)) return known.get(id);
  if (!FOLLOWER.test(id)) return null;
  const info = graph.getModuleInfo(id);
  if (!info || info.dynamicImporters.length > 0 || info.importers.length === 0) return null;
  const others = info.importers.filter((importer) => !path.has(importer));
  if (others.length === 0) return undefined;
  path.add(id);
  const names = new Set(others.map((importer) => followedChunk(importer, graph, path, known)).filter((name) => name !== undefined));
  path.delete(id);
  const name = names.size === 0 ? undefined : commonChunk(names);
  // Only a module reached with nothing else on the path has an answer that holds for every path.
  if (path.size === 0) known.set(id, name ?? null);
  return name;
}

/**
 * An office file is reached from the rest of the app only through import() (src/ui/online-screen.tsx
 * says when the network is missing): a precached file that imported it statically would fail to load
 * offline, the phone's screen with it.
 */
function refuseStaticEntry(id: string, graph: ModuleGraph, known: Map<string, string | null>): void {
  const outside = graph
    .getModuleInfo(id)
    ?.importers.find((importer) => (followedChunk(importer, graph, new Set(), known) ?? null) === null);
  if (outside) {
    throw new Error(
      `${outside} imports the online-only ${id} statically; load it with import() through src/ui/online-screen.tsx, or move it out of components/office|online.`,
    );
  }
}

/** The codeSplitting group of every office file (rolldown's `name` function, one answer per chunking pass). */
export function officeChunks() {
  const passes = new WeakMap<ModuleGraph, Map<string, string | null>>();
  return {
    name: (id: string, graph: ModuleGraph): string | null => {
      const known = passes.get(graph) ?? new Map<string, string | null>();
      passes.set(graph, known);
      if (ownChunk(id)) refuseStaticEntry(id, graph, known);
      return followedChunk(id, graph, new Set(), known) ?? null;
    },
    includeDependenciesRecursively: false,
  };
}
