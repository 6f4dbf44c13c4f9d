/**
 * The photo benchmark's page (tests/bench/browser/photo-shrink.html, driven by
 * tests/bench/photo-shrink.ts): makes a camera's file, a 12 MP JPEG at quality 0.92 with the Exif a
 * phone writes (the time, the place, and orientation 6: the sensor's landscape pixels of a photo
 * held upright), then times the app's own shrinkPhoto (src/lib/photo-shrink.ts) on it and checks
 * what a caller gets: the time and place kept as data, the pixels upright, no metadata left.
 *
 * The picture is not a photo but is made so that JPEG cannot cheat on it: gradients and waves for
 * the light, a texture of about 6 px (shelves, leaves, gravel) that survives the shrink, and sensor
 * noise in every pixel.
 */
import { readExif } from '@/lib/photo-exif';
import { shrinkPhoto } from '@/lib/photo-shrink';

export type CameraFile = { bytes: number; width: number; height: number; makeMs: number };
export type ShrinkRun = { ms: number; bytes: number; width: number; height: number; longestTaskMs: number };
export type ShrinkOutcome = {
  runs: ShrinkRun[];
  /** What the camera's Exif said. */
  expected: typeof CAMERA_EXIF;
  /** The shrunk file's own Exif read back gave a time or a place. */
  exifLeft: boolean;
  takenAt: string | null;
  location: { lat: number; lng: number } | null;
  /** The JPEG markers of the shrunk file before its image data (APP1 would be Exif or XMP). */
  markers: string[];
};
export type PhotoBench = {
  makeCameraFile: () => Promise<CameraFile>;
  shrink: (runs: number) => Promise<ShrinkOutcome>;
};

declare global {
  interface Window {
    photoBench: PhotoBench;
  }
}

/** What the camera's Exif says, and so what shrinkPhoto must give back. */
const CAMERA_EXIF = {
  dateTimeOriginal: '2025:03:14 08:45:12',
  takenAt: '2025-03-14T01:45:12.000Z',
  /** 10°46'30.5" N, 106°41'45" E: a pharmacy in Quận 1. */
  location: { lat: 10.7751389, lng: 106.6958333 },
};

const SENSOR = { width: 4000, height: 3000 };

function paint(width: number, height: number): ImageData {
  const pixels = new Uint8ClampedArray(width * height * 4);
  let seed = 0x2545f491;
  const random = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4_294_967_296;
  };
  // The texture: random values on a 6 px grid, blended between grid points.
  const CELL = 6;
  const columns = Math.ceil(width / CELL) + 2;
  const grid = Float32Array.from({ length: columns * (Math.ceil(height / CELL) + 2) }, () => random() * 70 - 35);
  for (let y = 0; y < height; y += 1) {
    const gy = Math.floor(y / CELL);
    const fy = (y % CELL) / CELL;
    const light = 40 * Math.sin(y / 90);
    for (let x = 0; x < width; x += 1) {
      const gx = Math.floor(x / CELL);
      const fx = (x % CELL) / CELL;
      const top = grid[gy * columns + gx]! * (1 - fx) + grid[gy * columns + gx + 1]! * fx;
      const bottom = grid[(gy + 1) * columns + gx]! * (1 - fx) + grid[(gy + 1) * columns + gx + 1]! * fx;
      const texture = top * (1 - fy) + bottom * fy;
      const base = 60 + (120 * x) / width + (50 * y) / height + light * Math.sin(x / 140) + texture;
      const at = (y * width + x) * 4;
      pixels[at] = base + 30 + (random() - 0.5) * 16;
      pixels[at + 1] = base * 0.85 + (random() - 0.5) * 16;
      pixels[at + 2] = base * 0.6 + 20 + (random() - 0.5) * 16;
      pixels[at + 3] = 255;
    }
  }
  return new ImageData(pixels, width, height);
}

// ---- The camera's Exif -----------------------------------------------------------------------------

const u16 = (value: number) => [value & 0xff, (value >>> 8) & 0xff];
const u32 = (value: number) => [value & 0xff, (value >>> 8) & 0xff, (value >>> 16) & 0xff, value >>> 24];
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0)).concat(0);
const rationals = (parts: [number, number][]) => parts.flatMap(([n, d]) => [...u32(n), ...u32(d)]);
type Field = [tag: number, type: number, count: number, bytes: number[]];

/** A little-endian IFD at `at` (from the TIFF header), followed by its values longer than 4 bytes. */
function ifd(at: number, fields: Field[]): number[] {
  const head = [...u16(fields.length)];
  const data: number[] = [];
  const dataAt = at + 2 + fields.length * 12 + 4;
  for (const [tag, type, count, bytes] of fields) {
    head.push(...u16(tag), ...u16(type), ...u32(count));
    if (bytes.length <= 4) head.push(...bytes, ...Array<number>(4 - bytes.length).fill(0));
    else {
      head.push(...u32(dataAt + data.length));
      data.push(...bytes);
    }
  }
  return [...head, ...u32(0), ...data];
}

/** APP1 "Exif": IFD0 (orientation 6, the pointers), the Exif IFD (the local time, no offset) and the GPS IFD. */
function exifSegment(): number[] {
  const exifAt = 8 + 2 + 3 * 12 + 4;
  const exif = ifd(exifAt, [[0x9003, 2, 20, ascii(CAMERA_EXIF.dateTimeOriginal)]]);
  const gpsAt = exifAt + exif.length;
  const gps = ifd(gpsAt, [
    [1, 2, 2, ascii('N')],
    [
      2,
      5,
      3,
      rationals([
        [10, 1],
        [46, 1],
        [3050, 100],
      ]),
    ],
    [3, 2, 2, ascii('E')],
    [
      4,
      5,
      3,
      rationals([
        [106, 1],
        [41, 1],
        [4500, 100],
      ]),
    ],
  ]);
  const ifd0 = ifd(8, [
    [0x0112, 3, 1, u16(6)],
    [0x8769, 4, 1, u32(exifAt)],
    [0x8825, 4, 1, u32(gpsAt)],
  ]);
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, 0x49, 0x49, ...u16(42), ...u32(8), ...ifd0, ...exif, ...gps];
  return [0xff, 0xe1, (body.length + 2) >>> 8, (body.length + 2) & 0xff, ...body];
}

/** The JPEG's markers up to its image data. */
function markersOf(bytes: Uint8Array): string[] {
  const markers: string[] = [];
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; at += 2 + ((bytes[at + 2]! << 8) | bytes[at + 3]!)) {
    markers.push(`FF${bytes[at + 1]!.toString(16).toUpperCase()}`);
    if (bytes[at + 1] === 0xda) break;
  }
  return markers;
}

// ---- The page's API --------------------------------------------------------------------------------

let camera: File | null = null;

async function makeCameraFile(): Promise<CameraFile> {
  const started = performance.now();
  const canvas = new OffscreenCanvas(SENSOR.width, SENSOR.height);
  canvas.getContext('2d')!.putImageData(paint(SENSOR.width, SENSOR.height), 0, 0);
  const encoded = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 })).arrayBuffer());
  // The Exif right after the start of image, where cameras write it.
  const head = [0xff, 0xd8, ...exifSegment()];
  const bytes = new Uint8Array(head.length + encoded.length - 2);
  bytes.set(head);
  bytes.set(encoded.subarray(2), head.length);
  camera = new File([bytes], 'IMG_20250314_084512.jpg', { type: 'image/jpeg', lastModified: Date.now() });
  return { bytes: camera.size, ...SENSOR, makeMs: performance.now() - started };
}

/** The longest main-thread task while `work` runs (Long Tasks API: tasks over 50 ms, else 0). */
async function longestTask<T>(work: () => Promise<T>): Promise<{ result: T; longestTaskMs: number }> {
  let longestTaskMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const task of list.getEntries()) longestTaskMs = Math.max(longestTaskMs, task.duration);
  });
  observer.observe({ type: 'longtask' });
  try {
    const result = await work();
    // Entries arrive after their task ends.
    await new Promise((resolve) => setTimeout(resolve, 100));
    return { result, longestTaskMs };
  } finally {
    observer.disconnect();
  }
}

async function shrink(runs: number): Promise<ShrinkOutcome> {
  if (!camera) throw new Error('makeCameraFile first');
  const file = camera;
  const results: ShrinkRun[] = [];
  let last: Awaited<ReturnType<typeof shrinkPhoto>> | null = null;
  for (let run = 0; run < runs; run += 1) {
    let ms = 0;
    const { result, longestTaskMs } = await longestTask(async () => {
      const started = performance.now();
      const shrunk = await shrinkPhoto(file);
      ms = performance.now() - started;
      return shrunk;
    });
    last = result;
    results.push({ ms, bytes: result.blob.size, width: result.width, height: result.height, longestTaskMs });
  }
  const bytes = new Uint8Array(await last!.blob.arrayBuffer());
  const left = readExif(bytes);
  return {
    runs: results,
    expected: CAMERA_EXIF,
    takenAt: last!.takenAt,
    location: last!.location,
    exifLeft: left.takenAt !== null || left.location !== null,
    markers: markersOf(bytes),
  };
}

window.photoBench = { makeCameraFile, shrink };
document.getElementById('status')!.textContent = 'ready';
