// Copies the barcode decoder's WebAssembly (ZXing-C++ reader, used by the `barcode-detector`
// polyfill where the browser has no native BarcodeDetector) from node_modules to public/wasm, so it
// is served from our own origin (never a CDN) and precached by the service worker.
//
// The file is stored gzip-compressed (about 450 kB instead of 1.07 MB) under a name ending in
// .wasm, so the precache glob takes it and the app installs within its precache budget
// (vite.config.ts); src/ui/barcode-decoder.ts inflates it with DecompressionStream and hands the
// bytes to the module (`wasmBinary`). The name carries the zxing-wasm version: /wasm/ is served
// as immutable, and the app asks for the version its bundled polyfill was built with.
//
// Run after installing or upgrading barcode-detector: `node scripts/copy-barcode-wasm.mjs`
// (the output is committed; src/ui/barcode-decoder.test.ts fails when it is missing or stale).
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = path.join(ROOT, 'public/wasm');

const { ZXING_WASM_VERSION, ZXING_WASM_SHA256 } = await import('barcode-detector/ponyfill');
/** The folder of the package a resolved file belongs to. */
function packageRoot(file, name) {
  let dir = path.dirname(file);
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === name) return dir;
    dir = path.dirname(dir);
  }
  throw new Error(`${name} not found above ${file}`);
}

// The zxing-wasm that barcode-detector itself resolves (it may be nested under it).
const requireFromDetector = createRequire(createRequire(import.meta.url).resolve('barcode-detector'));
const zxingDir = packageRoot(requireFromDetector.resolve('zxing-wasm/reader'), 'zxing-wasm');
const zxingVersion = JSON.parse(fs.readFileSync(path.join(zxingDir, 'package.json'), 'utf8')).version;
if (zxingVersion !== ZXING_WASM_VERSION) {
  throw new Error(`barcode-detector was built with zxing-wasm ${ZXING_WASM_VERSION}, but ${zxingVersion} is installed`);
}

const wasm = fs.readFileSync(path.join(zxingDir, 'dist/reader/zxing_reader.wasm'));
const sha256 = crypto.createHash('sha256').update(wasm).digest('hex');
if (sha256 !== ZXING_WASM_SHA256) throw new Error(`zxing_reader.wasm SHA-256 ${sha256} ≠ ${ZXING_WASM_SHA256}`);

fs.mkdirSync(OUT_DIR, { recursive: true });
const name = `zxing_reader-${ZXING_WASM_VERSION}.gz.wasm`;
for (const old of fs.readdirSync(OUT_DIR)) {
  if (/^zxing_reader.*\.wasm$/.test(old) && old !== name) fs.rmSync(path.join(OUT_DIR, old));
}
// mtime 0 in the gzip header: the same input always gives the same bytes.
const gz = zlib.gzipSync(wasm, { level: 9 });
fs.writeFileSync(path.join(OUT_DIR, name), gz);
console.info(`public/wasm/${name}: ${(gz.length / 1024).toFixed(0)} KiB (${(wasm.length / 1024).toFixed(0)} KiB inflated)`);
