/**
 * What an uploaded file is, read from its first bytes, never from its name or the type the browser
 * declared: product and shop pictures, avatars, customers' licence scans.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** An image as above, or a PDF ("%PDF-"). */
export function detectImageOrPdf(bytes: Uint8Array): ImageType | 'application/pdf' | null {
  return detectImageType(bytes) ?? (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]) ? 'application/pdf' : null);
}
