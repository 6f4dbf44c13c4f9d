/**
 * A photo shrunk in a worker (src/lib/photo-shrink.worker.ts), so the screen keeps answering the rep's
 * taps: on the page's thread a 12 MP photo holds it 270–440 ms at 4× CPU (tests/bench/photo-shrink.ts).
 * Where a worker cannot shrink (no OffscreenCanvas there, an old Safari), the page does it itself.
 */
import { PHOTO_UNREADABLE, shrinkPhoto, type ShrinkOptions, type ShrunkPhoto } from './photo-shrink';

type Answer = { ok: true; photo: ShrunkPhoto } | { ok: false; message: string };

function inWorker(file: Blob, options?: ShrinkOptions): Promise<ShrunkPhoto> {
  const worker = new Worker(new URL('./photo-shrink.worker.ts', import.meta.url), { type: 'module' });
  return new Promise<ShrunkPhoto>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<Answer>) => {
      if (event.data.ok) resolve(event.data.photo);
      else reject(new Error(event.data.message));
    };
    worker.onerror = () => reject(new Error('worker failed'));
    worker.postMessage({ file, options });
  }).finally(() => worker.terminate());
}

export async function shrinkPhotoOffThread(file: Blob, options?: ShrinkOptions): Promise<ShrunkPhoto> {
  if (typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') return shrinkPhoto(file, options);
  try {
    return await inWorker(file, options);
  } catch (error) {
    // The image itself is unreadable: the page would fail the same way, so say so at once.
    if (error instanceof Error && error.message === PHOTO_UNREADABLE) throw error;
    return shrinkPhoto(file, options);
  }
}
