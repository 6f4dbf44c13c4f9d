/**
 * A photo from the rep's phone (the camera through `<input type=file accept="image/*"
 * capture="environment">`, or an image picked from the gallery) made small on the device before it
 * is queued for upload: a 12 MP camera file of 3–5 MB becomes a JPEG of at most 300 kB whose
 * longest side is at most 1,600 px (tests/bench/photo-shrink.ts measures both).
 *
 * Redrawing the image on a canvas and encoding the canvas drops all of the file's metadata: Exif
 * (the camera's make, model and serial, its settings, the place, the embedded thumbnail), XMP and
 * maker notes; the new file holds only what the browser's encoder writes (a JFIF header, and in
 * Chromium an sRGB colour profile). That is the point. The two facts the app keeps, when the photo
 * was taken and where, are read from the original bytes first (src/lib/photo-exif.ts) and travel
 * as data beside the blob, not inside it. The Exif orientation is applied while decoding, so the
 * pixels come out upright and need no tag.
 *
 * Browser only (createImageBitmap, OffscreenCanvas or a canvas element); it also runs in a worker
 * when the browser has createImageBitmap and OffscreenCanvas there.
 */
import { readExif, type ExifFacts } from './photo-exif';

export type ShrunkPhoto = {
  /** image/jpeg, no metadata. */
  blob: Blob;
  width: number;
  height: number;
  takenAt: string | null;
  location: { lat: number; lng: number } | null;
};

export type ShrinkOptions = {
  /** The longest side in pixels (default 1,600). */
  maxSide?: number;
  /** The most bytes the JPEG may take (default 300 kB). */
  maxBytes?: number;
};

/** What the rep reads when the chosen file is not an image the browser can decode. */
export const PHOTO_UNREADABLE = 'Không đọc được ảnh, vui lòng chụp lại hoặc chọn ảnh khác';

const MAX_SIDE = 1600;
const MAX_BYTES = 300 * 1024;
/** The Exif segment sits in the file's first 64 kB (photo-exif.ts): twice that is ample. */
const EXIF_BYTES = 128 * 1024;
/** JPEG qualities tried at the first size, in turn; each smaller size is encoded at the last. */
const QUALITIES = [0.72, 0.6, 0.5, 0.4];
/** How much each side shrinks when the lowest quality is still too big. */
const SIDE_STEP = 0.8;

/**
 * The photo as a JPEG within `maxBytes`, its longest side within `maxSide` (never enlarged), with
 * the time and place its Exif gave. Throws an Error whose message is PHOTO_UNREADABLE when the file
 * cannot be decoded. When even a 1-pixel JPEG is over `maxBytes` (a limit of a few hundred bytes),
 * the smallest JPEG made is returned: the caller may check `blob.size`.
 */
export async function shrinkPhoto(file: Blob, options: ShrinkOptions = {}): Promise<ShrunkPhoto> {
  const maxSide = options.maxSide ?? MAX_SIDE;
  const maxBytes = options.maxBytes ?? MAX_BYTES;
  const facts = await readFacts(file);
  const image = await decode(file);
  try {
    const fit = Math.min(1, maxSide / Math.max(image.width, image.height));
    const encoded = await encodeWithin(image, fit, maxBytes);
    return { ...encoded, ...facts };
  } finally {
    image.release();
  }
}

async function readFacts(file: Blob): Promise<ExifFacts> {
  try {
    return readExif(new Uint8Array(await file.slice(0, EXIF_BYTES).arrayBuffer()));
  } catch {
    // A file that cannot be read fails again, with the rep's message, when it is decoded.
    return { takenAt: null, location: null };
  }
}

type Encoded = { blob: Blob; width: number; height: number };

/**
 * The quality ladder at the first size, then smaller sizes at the lowest quality, until a JPEG
 * fits. Each size is drawn from the decoded original (not from the size before it), so a step
 * down costs one resampling only.
 */
async function encodeWithin(image: Decoded, fit: number, maxBytes: number): Promise<Encoded> {
  let smallest: Encoded | null = null;
  for (let scale = fit; ; scale *= SIDE_STEP) {
    const width = Math.max(1, Math.round(image.width * scale));
    const height = Math.max(1, Math.round(image.height * scale));
    const canvas = surface(width, height);
    try {
      canvas.draw(image.source);
      for (const quality of smallest ? QUALITIES.slice(-1) : QUALITIES) {
        const blob = await canvas.encode(quality);
        if (!blob || blob.size === 0) throw unreadable();
        smallest = { blob, width, height };
        if (blob.size <= maxBytes) return smallest;
      }
    } finally {
      canvas.release();
    }
    if (width === 1 && height === 1) return smallest!;
  }
}

function unreadable(): Error {
  return new Error(PHOTO_UNREADABLE);
}

// ---- Decoding --------------------------------------------------------------------------------------

type Decoded = { source: CanvasImageSource; width: number; height: number; release: () => void };

/**
 * The image upright (the Exif orientation applied). createImageBitmap decodes off the main thread
 * where the browser can; a browser without it, or without the `from-image` option (which it then
 * rejects), gets an <img>, which browsers draw upright too.
 */
async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // An image the bitmap decoder refuses may still load in an <img>: try that before giving up.
    }
  }
  return decodeAsImage(file);
}

async function decodeAsImage(file: Blob): Promise<Decoded> {
  if (typeof Image !== 'function') throw unreadable();
  const url = URL.createObjectURL(file);
  const image = new Image();
  const release = () => {
    image.removeAttribute('src');
    URL.revokeObjectURL(url);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(unreadable());
      image.src = url;
    });
  } catch (error) {
    release();
    throw error;
  }
  if (!image.naturalWidth || !image.naturalHeight) {
    release();
    throw unreadable();
  }
  return { source: image, width: image.naturalWidth, height: image.naturalHeight, release };
}

// ---- Drawing and encoding --------------------------------------------------------------------------

type Surface = {
  /** The whole image scaled onto the surface, over white (a JPEG has no transparency). */
  draw: (source: CanvasImageSource) => void;
  encode: (quality: number) => Promise<Blob | null>;
  /** Gives the surface's pixel memory back at once (a phone's browser caps canvas memory). */
  release: () => void;
};

type Context2d = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;

function drawer(context: Context2d, width: number, height: number): Surface['draw'] {
  return (source) => {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(source, 0, 0, width, height);
  };
}

/** An OffscreenCanvas where there is one (it also works in a worker), else a canvas element. */
function surface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context)
      return {
        draw: drawer(context, width, height),
        encode: (quality) => canvas.convertToBlob({ type: 'image/jpeg', quality }),
        release: () => {
          canvas.width = 0;
          canvas.height = 0;
        },
      };
  }
  if (typeof document === 'undefined') throw unreadable();
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw unreadable();
  return {
    draw: drawer(context, width, height),
    encode: (quality) => new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality)),
    release: () => {
      canvas.width = 0;
      canvas.height = 0;
    },
  };
}
