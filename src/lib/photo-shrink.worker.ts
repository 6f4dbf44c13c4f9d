/** Shrinks a photo off the page's thread (src/lib/photo-shrink-off-thread.ts): one message in, one answer out. */
import { shrinkPhoto, type ShrinkOptions } from './photo-shrink';

self.onmessage = async (event: MessageEvent<{ file: Blob; options?: ShrinkOptions }>) => {
  try {
    self.postMessage({ ok: true, photo: await shrinkPhoto(event.data.file, event.data.options) });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
