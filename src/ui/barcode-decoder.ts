/**
 * The barcode decoder behind the camera dialog: the browser's own BarcodeDetector where it has one
 * (Chrome on Android and macOS), else the `barcode-detector` ponyfill over ZXing-C++ WebAssembly.
 * The WebAssembly is served from our own origin (never a CDN: it must work offline) as a gzip file
 * that is inflated here and handed to the module as bytes (zxing-wasm's documented `wasmBinary`
 * override), checked against the SHA-256 the ponyfill was built with. It is not part of the first
 * download: `warmDecoder` fetches it in the background once the app is installed and the service
 * worker keeps it. Only the camera dialog imports this module, and the dialog itself loads lazily.
 */
export const BARCODE_FORMATS = ['ean_13', 'ean_8', 'code_128', 'qr_code', 'data_matrix'] as const;

export type DetectedCode = { rawValue: string; format: string };
export type Decoder = { detect: (source: HTMLVideoElement) => Promise<DetectedCode[]>; native: boolean };

/** Where scripts/copy-barcode-wasm.mjs puts the decoder's WebAssembly for a zxing-wasm version. */
export const wasmPath = (version: string) => `/wasm/zxing_reader-${version}.gz.wasm`;

export class DecoderUnavailableError extends Error {
  override name = 'DecoderUnavailableError';
}

type NativeDetector = { detect: (source: HTMLVideoElement) => Promise<DetectedCode[]> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats: () => Promise<string[]>;
};

async function nativeDecoder(): Promise<Decoder | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = BARCODE_FORMATS.filter((format) => supported.includes(format));
    // A native detector without the 1D retail codes is worse than the polyfill.
    if (!formats.includes('ean_13')) return null;
    const detector = new Native({ formats });
    return { detect: (source) => detector.detect(source), native: true };
  } catch {
    return null;
  }
}

function hex(buffer: ArrayBuffer): string {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function loadWasm(version: string, sha256: string): Promise<ArrayBuffer> {
  if (typeof DecompressionStream !== 'function') {
    throw new DecoderUnavailableError('Trình duyệt này chưa hỗ trợ quét mã vạch bằng camera. Vui lòng cập nhật trình duyệt.');
  }
  let response: Response;
  try {
    response = await fetch(wasmPath(version));
  } catch {
    throw new DecoderUnavailableError('Không tải được bộ giải mã mã vạch. Kiểm tra kết nối mạng rồi thử lại.');
  }
  if (!response.ok || !response.body) throw new DecoderUnavailableError('Không tải được bộ giải mã mã vạch.');
  const bytes = await new Response(response.body.pipeThrough(new DecompressionStream('gzip'))).arrayBuffer();
  if (crypto.subtle && hex(await crypto.subtle.digest('SHA-256', bytes)) !== sha256) {
    throw new DecoderUnavailableError('Bộ giải mã mã vạch không đúng phiên bản. Vui lòng tải lại ứng dụng.');
  }
  return bytes;
}

let polyfill: Promise<Decoder> | null = null;

function polyfillDecoder(): Promise<Decoder> {
  polyfill ??= (async () => {
    const { BarcodeDetector, prepareZXingModule, ZXING_WASM_SHA256, ZXING_WASM_VERSION } = await import('barcode-detector/ponyfill');
    const wasmBinary = await loadWasm(ZXING_WASM_VERSION, ZXING_WASM_SHA256);
    await prepareZXingModule({
      overrides: {
        wasmBinary,
        // Never the package's default (a CDN): should the bytes above be ignored, still our own file.
        locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmPath(ZXING_WASM_VERSION) : prefix + path),
      },
      fireImmediately: true,
    });
    const detector = new BarcodeDetector({ formats: [...BARCODE_FORMATS] });
    return { detect: (source: HTMLVideoElement) => detector.detect(source), native: false };
  })();
  // A failed load may succeed later (back online): do not keep the failure.
  polyfill.catch(() => {
    polyfill = null;
  });
  return polyfill;
}

/** The decoder to use on this device (the same one for every later scan). */
export async function getDecoder(): Promise<Decoder> {
  return (await nativeDecoder()) ?? polyfillDecoder();
}

/**
 * Fetches the WebAssembly in the background where this browser will need it (no usable native
 * detector), so the service worker keeps it and the camera scans offline later (sw/sw.ts
 * "Barcode decoder"). 450 kB that the first install need not wait for.
 */
export async function warmDecoder(): Promise<void> {
  if (await nativeDecoder()) return;
  const { ZXING_WASM_VERSION } = await import('barcode-detector/ponyfill');
  await fetch(wasmPath(ZXING_WASM_VERSION)).then((response) => response.arrayBuffer());
}
