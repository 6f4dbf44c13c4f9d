/**
 * The two facts a visit photo's Exif carries that the app keeps: when it was taken and where. A
 * small parser of a JPEG's APP1 Exif segment (Exif 2.32, CIPA DC-008): the TIFF header in either
 * byte order, IFD0, its Exif IFD (DateTimeOriginal, OffsetTimeOriginal) and its GPS IFD (latitude
 * and longitude with their N/S, E/W). Pure and total: whatever the bytes (truncated, garbage, not a
 * JPEG, offsets pointing outside the segment), it answers, with null for what it cannot read.
 *
 * The bytes may be the start of the file only: the Exif segment follows the JPEG's first marker
 * and is at most 64 kB, so the first 128 kB hold it (src/lib/photo-shrink.ts reads that much).
 */

export type ExifFacts = {
  /** DateTimeOriginal as an ISO instant (`2024-03-15T02:30:00.000Z`). */
  takenAt: string | null;
  /** Decimal degrees, south and west negative. */
  location: { lat: number; lng: number } | null;
};

const NOTHING: ExifFacts = { takenAt: null, location: null };

const TAG = {
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  dateTimeOriginal: 0x9003,
  offsetTimeOriginal: 0x9011,
  latitudeRef: 0x0001,
  latitude: 0x0002,
  longitudeRef: 0x0003,
  longitude: 0x0004,
} as const;

const TYPE = { ascii: 2, long: 4, rational: 5, ifd: 13 } as const;
/** Bytes per value of each TIFF field type (1 BYTE … 13 IFD); 0 for a type the spec does not define. */
const TYPE_SIZE = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

/**
 * The TIFF structure inside the Exif segment: every offset in it counts from its first byte, and
 * nothing outside [0, length) belongs to it.
 */
type Tiff = { view: DataView; length: number; little: boolean };
type Entry = { type: number; count: number; at: number };

/** Thrown by a read outside the TIFF structure; caught where each fact is read. */
class OutOfBounds extends Error {}

export function readExif(bytes: Uint8Array): ExifFacts {
  try {
    const tiff = findTiff(bytes);
    if (!tiff) return NOTHING;
    // Each fact on its own: a broken GPS IFD leaves the date readable, and the other way round.
    return { takenAt: attempt(() => readTakenAt(tiff)), location: attempt(() => readLocation(tiff)) };
  } catch {
    return NOTHING;
  }
}

function attempt<T>(read: () => T | null): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

// ---- JPEG segments ---------------------------------------------------------------------------------

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP1 = 0xe1;
const EXIF_HEADER = [0x45, 0x78, 0x69, 0x66, 0x00]; // "Exif\0", then a pad byte

/**
 * The Exif APP1 segment's TIFF structure, or null. Walks the segments before the image data (SOS):
 * an XMP segment is also APP1 and is skipped. A segment that says it runs past the bytes given is
 * taken as truncated, and nothing is read from it.
 */
function findTiff(bytes: Uint8Array): Tiff | null {
  const length = bytes.length;
  if (length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null;
  let at = 2;
  while (at + 4 <= length) {
    if (bytes[at] !== 0xff) return null;
    // Fill bytes: any number of 0xFF may come before a marker.
    while (at + 2 < length && bytes[at + 1] === 0xff) at += 1;
    const marker = bytes[at + 1]!;
    if (marker === SOS || marker === EOI) return null;
    // Markers with no length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    if (at + 4 > length) return null;
    const size = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + size;
    if (size < 2 || end > length) return null;
    const start = at + 4 + EXIF_HEADER.length + 1;
    if (marker === APP1 && start <= end && EXIF_HEADER.every((byte, i) => bytes[at + 4 + i] === byte)) {
      return tiffAt(bytes, start, end);
    }
    at = end;
  }
  return null;
}

/** The TIFF header at [start, end): "II" (little-endian) or "MM" (big-endian), then 42. */
function tiffAt(bytes: Uint8Array, start: number, end: number): Tiff | null {
  if (end - start < 8) return null;
  const order = (bytes[start]! << 8) | bytes[start + 1]!;
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const tiff: Tiff = {
    view: new DataView(bytes.buffer, bytes.byteOffset + start, end - start),
    length: end - start,
    little: order === 0x4949,
  };
  return u16(tiff, 2) === 42 ? tiff : null;
}

// ---- TIFF reads, each checked against the structure's bounds ---------------------------------------

function within(tiff: Tiff, at: number, size: number): void {
  if (!Number.isInteger(at) || at < 0 || at + size > tiff.length) throw new OutOfBounds();
}

function u16(tiff: Tiff, at: number): number {
  within(tiff, at, 2);
  return tiff.view.getUint16(at, tiff.little);
}

function u32(tiff: Tiff, at: number): number {
  within(tiff, at, 4);
  return tiff.view.getUint32(at, tiff.little);
}

/** The entries of the IFD at `at` wanted by tag (the others are not looked at). */
function readIfd(tiff: Tiff, at: number, wanted: readonly number[]): Map<number, Entry> {
  const count = u16(tiff, at);
  within(tiff, at + 2, count * 12);
  const found = new Map<number, Entry>();
  for (let i = 0; i < count; i += 1) {
    const entry = at + 2 + i * 12;
    const tag = u16(tiff, entry);
    if (!wanted.includes(tag) || found.has(tag)) continue;
    const type = u16(tiff, entry + 2);
    const valueCount = u32(tiff, entry + 4);
    const size = (TYPE_SIZE[type] ?? 0) * valueCount;
    if (size === 0) continue;
    // A value of four bytes or fewer sits in the entry itself; a longer one is at an offset. A value
    // outside the structure is left out, as if the tag were not there.
    const valueAt = size <= 4 ? entry + 8 : u32(tiff, entry + 8);
    if (valueAt + size > tiff.length) continue;
    found.set(tag, { type, count: valueCount, at: valueAt });
  }
  return found;
}

/** The IFD a pointer tag of IFD0 leads to (Exif IFD, GPS IFD), or null when IFD0 has none. */
function subIfd(tiff: Tiff, pointer: number, wanted: readonly number[]): Map<number, Entry> | null {
  const ifd0 = readIfd(tiff, u32(tiff, 4), [pointer]);
  const entry = ifd0.get(pointer);
  if (!entry || (entry.type !== TYPE.long && entry.type !== TYPE.ifd)) return null;
  return readIfd(tiff, u32(tiff, entry.at), wanted);
}

/** An ASCII value up to its first NUL, trimmed (writers pad with spaces). */
function ascii(tiff: Tiff, entry: Entry | undefined): string | null {
  if (!entry || entry.type !== TYPE.ascii) return null;
  let text = '';
  for (let i = 0; i < entry.count; i += 1) {
    const code = tiff.view.getUint8(entry.at + i);
    if (code === 0) break;
    text += String.fromCharCode(code);
  }
  return text.trim();
}

/** Three RATIONALs (degrees, minutes, seconds) as decimal degrees; null on a zero denominator. */
function degrees(tiff: Tiff, entry: Entry | undefined): number | null {
  if (!entry || entry.type !== TYPE.rational || entry.count !== 3) return null;
  let value = 0;
  for (let i = 0; i < 3; i += 1) {
    const numerator = u32(tiff, entry.at + i * 8);
    const denominator = u32(tiff, entry.at + i * 8 + 4);
    if (denominator === 0) return null;
    value += numerator / denominator / 60 ** i;
  }
  return value;
}

// ---- The facts -------------------------------------------------------------------------------------

const DATE_TIME = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const OFFSET = /^([+-])(\d{2}):(\d{2})$/;
/**
 * The offset of a DateTimeOriginal that comes without its OffsetTimeOriginal (Exif before 2.31,
 * and many Android cameras still): the reps' phones are in Việt Nam, whose clocks read UTC+7 all
 * year (no daylight saving), so a bare local time is read as Vietnam time, whatever zone the
 * device running this code is set to.
 */
const VIETNAM_OFFSET_MINUTES = 7 * 60;

function readTakenAt(tiff: Tiff): string | null {
  const exif = subIfd(tiff, TAG.exifIfd, [TAG.dateTimeOriginal, TAG.offsetTimeOriginal]);
  if (!exif) return null;
  const local = DATE_TIME.exec(ascii(tiff, exif.get(TAG.dateTimeOriginal)) ?? '');
  if (!local) return null;
  const [year, month, day, hour, minute, second] = local.slice(1).map(Number) as [number, number, number, number, number, number];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(asUtc);
  // Date.UTC rolls 31 February into March and reads years 0–99 as 1900–1999: such a date is not one.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  // An offset that is there but unreadable counts as absent.
  const offset = offsetMinutes(ascii(tiff, exif.get(TAG.offsetTimeOriginal))) ?? VIETNAM_OFFSET_MINUTES;
  return new Date(asUtc - offset * 60_000).toISOString();
}

/** "+07:00" as 420 minutes east of UTC; null when absent or not an offset clocks use (±14:00). */
function offsetMinutes(text: string | null): number | null {
  const match = OFFSET.exec(text ?? '');
  if (!match) return null;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  if (minutes > 59 || hours * 60 + minutes > 14 * 60) return null;
  return (match[1] === '-' ? -1 : 1) * (hours * 60 + minutes);
}

function readLocation(tiff: Tiff): ExifFacts['location'] {
  const gps = subIfd(tiff, TAG.gpsIfd, [TAG.latitudeRef, TAG.latitude, TAG.longitudeRef, TAG.longitude]);
  if (!gps) return null;
  const latRef = ascii(tiff, gps.get(TAG.latitudeRef))?.toUpperCase();
  const lngRef = ascii(tiff, gps.get(TAG.longitudeRef))?.toUpperCase();
  const lat = degrees(tiff, gps.get(TAG.latitude));
  const lng = degrees(tiff, gps.get(TAG.longitude));
  if (lat === null || lng === null || (latRef !== 'N' && latRef !== 'S') || (lngRef !== 'E' && lngRef !== 'W')) return null;
  if (lat > 90 || lng > 180) return null;
  // 0°, 0° is what a phone without a fix writes into the GPS tags, not a place a rep stands.
  if (lat === 0 && lng === 0) return null;
  // Seven decimals: about a centimetre, and no binary noise from the fractions in what is stored.
  const round = (value: number) => Number(value.toFixed(7));
  // `|| 0`: 0° south is 0, not -0.
  return { lat: (latRef === 'S' ? -round(lat) : round(lat)) || 0, lng: (lngRef === 'W' ? -round(lng) : round(lng)) || 0 };
}
