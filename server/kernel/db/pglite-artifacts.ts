/**
 * PGlite's compiled postgres (WebAssembly) and its file-system bundle, read and compiled once per
 * process. Every PGlite opened after the first starts from them instead of compiling postgres
 * again: 0.6 s of the 2 s an open from an image takes (a test run opens a few hundred; a server, one).
 */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export type PgliteArtifacts = { pgliteWasmModule: WebAssembly.Module; initdbWasmModule: WebAssembly.Module; fsBundle: Blob };

let loading: Promise<PgliteArtifacts> | undefined;

export function pgliteArtifacts(): Promise<PgliteArtifacts> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<PgliteArtifacts> {
  const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pglite, initdb, bundle] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => fs.readFile(path.join(dist, file))),
  );
  const [pgliteWasmModule, initdbWasmModule] = await Promise.all([WebAssembly.compile(pglite!), WebAssembly.compile(initdb!)]);
  return { pgliteWasmModule, initdbWasmModule, fsBundle: new Blob([bundle!]) };
}
