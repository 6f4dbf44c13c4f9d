import { ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';
import { wasmPath } from './barcode-decoder';

describe('self-hosted barcode decoder', () => {
  it('has the WebAssembly of the installed polyfill in public/ (run scripts/copy-barcode-wasm.mjs after an upgrade)', () => {
    // Listed only, never loaded: the glob tells which files exist.
    const files = Object.keys(import.meta.glob('/public/wasm/*.wasm'));
    expect(files).toEqual([`/public${wasmPath(ZXING_WASM_VERSION)}`]);
  });

  it('asks for the file by the version, from our own origin', () => {
    expect(wasmPath('3.1.3')).toBe('/wasm/zxing_reader-3.1.3.gz.wasm');
  });
});
