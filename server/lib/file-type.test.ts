import { describe, expect, it } from 'vitest';
import { detectImageOrPdf, detectImageType } from './file-type';

const bytes = (...values: number[]) => Uint8Array.from(values);
const JPEG = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10);
const PNG = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0);
const WEBP = bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50);
const PDF = new TextEncoder().encode('%PDF-1.7\n');
const GIF = new TextEncoder().encode('GIF89a');

describe('file types read from the first bytes', () => {
  it('knows JPEG, PNG and WebP pictures, and nothing else as a picture', () => {
    expect([JPEG, PNG, WEBP, PDF, GIF].map(detectImageType)).toEqual(['image/jpeg', 'image/png', 'image/webp', null, null]);
  });

  it('takes a PDF besides the pictures where papers may be scanned', () => {
    expect([JPEG, PDF, GIF, bytes()].map(detectImageOrPdf)).toEqual(['image/jpeg', 'application/pdf', null, null]);
  });

  it('does not take a RIFF file that is not WebP (a WAV) for a picture', () => {
    expect(detectImageType(bytes(0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x41, 0x56, 0x45))).toBeNull();
  });
});
