/**
 * Writes a Brotli (.br) and a gzip (.gz) copy of every text file of the build, after everything
 * else (the service worker included) is written. The server sends them as they are
 * (server/static-files.ts, `precompressed: true`) to browsers that accept them: the first visit
 * downloads about a quarter of the bytes, compressed once at build time at the best ratio instead
 * of on every request. The precache never takes these copies (vite.config.ts globIgnores).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|json|svg|webmanifest|txt)$/;
/** Below this, a compressed copy saves less than its own request headers. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

export function precompress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'salesfield:precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After vite-plugin-pwa has written sw.js and injected its precache list.
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const files = filesUnder(outDir).filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= MIN_BYTES);
        await Promise.all(
          files.map(async (file) => {
            const bytes = await fs.promises.readFile(file);
            const brotli = zlib.brotliCompressSync(bytes, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
            });
            await fs.promises.writeFile(`${file}.br`, brotli);
            await fs.promises.writeFile(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
          }),
        );
      },
    },
  };
}
