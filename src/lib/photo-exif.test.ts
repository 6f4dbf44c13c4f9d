import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readExif } from './photo-exif';

// ---- A JPEG's Exif, written by hand ----------------------------------------------------------------

type Field = { tag: number; type: number; count: number; bytes: (little: boolean) => number[] };

const ASCII = 2;
const LONG = 4;
const RATIONAL = 5;

function uint(value: number, size: 2 | 4, little: boolean): number[] {
  const bytes = Array.from({ length: size }, (_, i) => (value >>> (8 * i)) & 0xff);
  return little ? bytes : bytes.reverse();
}

const text = (tag: number, value: string): Field => ({
  tag,
  type: ASCII,
  count: value.length + 1,
  bytes: () => [...value].map((c) => c.charCodeAt(0)).concat(0),
});

const long = (tag: number, value: number): Field => ({ tag, type: LONG, count: 1, bytes: (little) => uint(value, 4, little) });

const rationals = (tag: number, parts: [number, number][]): Field => ({
  tag,
  type: RATIONAL,
  count: parts.length,
  bytes: (little) => parts.flatMap(([n, d]) => [...uint(n, 4, little), ...uint(d, 4, little)]),
});

/** 10°46'30.5" as three RATIONALs, the way phones write them. */
const dms = (d: number, m: number, s: number): [number, number][] => [
  [d, 1],
  [m, 1],
  [Math.round(s * 100), 100],
];

type TiffShape = {
  little: boolean;
  ifd0?: Field[];
  exif?: Field[];
  gps?: Field[];
  /** Replaces an IFD pointer or a field's offset with this value (keyed by tag), as a broken writer would. */
  overrideOffset?: Record<number, number>;
  /** Replaces the IFD0 offset in the header. */
  ifd0At?: number;
};

/**
 * A TIFF structure: the header, IFD0 (with the Exif and GPS IFD pointers when those are given),
 * then each IFD followed by its values longer than four bytes. Offsets count from the header.
 */
function tiff(shape: TiffShape): Uint8Array {
  const { little } = shape;
  const ifds: Field[][] = [[...(shape.ifd0 ?? [])]];
  const pointers: number[] = [];
  if (shape.exif) pointers.push(0x8769);
  if (shape.gps) pointers.push(0x8825);
  const subs = [shape.exif, shape.gps].filter((ifd): ifd is Field[] => ifd !== undefined);
  ifds.push(...subs);
  const sizeOf = (fields: Field[], withPointers: number) =>
    2 +
    (fields.length + withPointers) * 12 +
    4 +
    fields.reduce((sum, f) => sum + (f.bytes(little).length > 4 ? f.bytes(little).length : 0), 0);
  const starts: number[] = [];
  let next = 8;
  ifds.forEach((fields, i) => {
    starts.push(next);
    next += sizeOf(fields, i === 0 ? pointers.length : 0);
  });
  const out: number[] = [...(little ? [0x49, 0x49] : [0x4d, 0x4d]), ...uint(42, 2, little), ...uint(shape.ifd0At ?? 8, 4, little)];
  ifds.forEach((fields, i) => {
    const withPointers = i === 0 ? pointers.map((tag, k) => long(tag, starts[1 + k]!)) : [];
    const all = [...fields, ...withPointers].sort((a, b) => a.tag - b.tag);
    let dataAt = starts[i]! + 2 + all.length * 12 + 4;
    const data: number[] = [];
    out.push(...uint(all.length, 2, little));
    for (const field of all) {
      const bytes = field.bytes(little);
      out.push(...uint(field.tag, 2, little), ...uint(field.type, 2, little), ...uint(field.count, 4, little));
      const override = shape.overrideOffset?.[field.tag];
      if (bytes.length <= 4 && override === undefined) out.push(...bytes, ...Array<number>(4 - bytes.length).fill(0));
      else if (bytes.length <= 4) out.push(...uint(override!, 4, little));
      else {
        out.push(...uint(override ?? dataAt, 4, little));
        data.push(...bytes);
        dataAt += bytes.length;
      }
    }
    out.push(...uint(0, 4, little), ...data);
  });
  return Uint8Array.from(out);
}

const segment = (marker: number, body: number[]) => [0xff, marker, ...uint(body.length + 2, 2, false), ...body];
const APP0_JFIF = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
const XMP = segment(
  0xe1,
  [...'http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>'].map((c) => c.charCodeAt(0)),
);
/** A quantisation table, the scan header and the end: what follows the metadata in a real file. */
const IMAGE = [...segment(0xdb, Array<number>(65).fill(1)), ...segment(0xda, [1, 1, 0, 0, 0x3f, 0]), 0x12, 0x34, 0xff, 0xd9];

function jpeg(structure: Uint8Array | null, before: number[][] = [APP0_JFIF]): Uint8Array {
  const exif = structure ? segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, ...structure]) : [];
  return Uint8Array.from([0xff, 0xd8, ...before.flat(), ...exif, ...IMAGE]);
}

/** Where the TIFF header starts: after "Exif\0\0". */
function tiffStart(bytes: Uint8Array): number {
  const at = bytes.findIndex((_, i) => [0x45, 0x78, 0x69, 0x66, 0, 0].every((byte, k) => bytes[i + k] === byte));
  return at + 6;
}

const HCMC = { lat: 10 + 46 / 60 + 30.5 / 3600, lng: 106 + 41 / 60 + 45 / 3600 };
const gpsOf = (lat: number, latRef: string, lng: number, lngRef: string): Field[] => {
  const parts = (value: number) => dms(Math.floor(value), Math.floor((value * 60) % 60), (value * 3600) % 60);
  return [text(1, latRef), rationals(2, parts(lat)), text(3, lngRef), rationals(4, parts(lng))];
};
const visitPhoto = (little: boolean, extra: Partial<TiffShape> = {}) =>
  jpeg(
    tiff({
      little,
      ifd0: [text(0x010f, 'samsung'), text(0x0110, 'SM-A155F')],
      exif: [text(0x9003, '2024:03:15 09:30:00'), text(0x9011, '+07:00')],
      gps: gpsOf(HCMC.lat, 'N', HCMC.lng, 'E'),
      ...extra,
    }),
  );

function expectPlace(actual: { lat: number; lng: number } | null, lat: number, lng: number): void {
  expect(actual).not.toBeNull();
  expect(actual!.lat).toBeCloseTo(lat, 6);
  expect(actual!.lng).toBeCloseTo(lng, 6);
}

// ---- The tests -------------------------------------------------------------------------------------

describe('readExif', () => {
  it.each([
    ['little-endian (II)', true],
    ['big-endian (MM)', false],
  ])('reads the time taken and the place from a %s Exif', (_, little) => {
    const facts = readExif(visitPhoto(little));
    expect(facts.takenAt).toBe('2024-03-15T02:30:00.000Z');
    expectPlace(facts.location, 10.7751389, 106.6958333);
  });

  it('reads the Exif segment after an XMP segment, which is also APP1', () => {
    const bytes = jpeg(tiff({ little: true, exif: [text(0x9003, '2025:01:02 08:00:00')] }), [APP0_JFIF, XMP]);
    expect(readExif(bytes).takenAt).toBe('2025-01-02T01:00:00.000Z');
  });

  it('reads a view into a larger buffer from the view’s own start', () => {
    const photo = visitPhoto(true);
    const buffer = new Uint8Array(photo.length + 64).fill(0xab);
    buffer.set(photo, 32);
    expect(readExif(buffer.subarray(32, 32 + photo.length)).takenAt).toBe('2024-03-15T02:30:00.000Z');
  });

  describe('time taken', () => {
    const takenAt = (fields: Field[], little = true) => readExif(jpeg(tiff({ little, exif: fields }))).takenAt;

    it('applies OffsetTimeOriginal when the camera wrote it', () => {
      expect(takenAt([text(0x9003, '2024:07:04 18:05:09'), text(0x9011, '-05:00')])).toBe('2024-07-04T23:05:09.000Z');
      expect(takenAt([text(0x9003, '2024:07:04 18:05:09'), text(0x9011, '+05:30')], false)).toBe('2024-07-04T12:35:09.000Z');
    });

    it('reads a local time without its offset as Vietnam time (+07:00), across midnight and the year', () => {
      expect(takenAt([text(0x9003, '2025:01:01 06:15:00')])).toBe('2024-12-31T23:15:00.000Z');
      expect(takenAt([text(0x9003, '2024:12:31 23:15:00')], false)).toBe('2024-12-31T16:15:00.000Z');
    });

    it('reads an offset that is not one as absent (Vietnam time)', () => {
      expect(takenAt([text(0x9003, '2024:03:15 09:30:00'), text(0x9011, '+25:00')])).toBe('2024-03-15T02:30:00.000Z');
      expect(takenAt([text(0x9003, '2024:03:15 09:30:00'), text(0x9011, '  :  ')])).toBe('2024-03-15T02:30:00.000Z');
    });

    it('gives null for a date that is blank, zero or not in the calendar', () => {
      for (const value of [
        '0000:00:00 00:00:00',
        '    :  :     :  :  ',
        '2024:02:30 10:00:00',
        '2024:13:01 10:00:00',
        '2024:03:15 24:00:00',
        '2024-03-15 09:30:00',
        '',
      ])
        expect(takenAt([text(0x9003, value)]), value).toBeNull();
    });

    it('gives null when the date is not ASCII or the Exif IFD has no date', () => {
      expect(takenAt([long(0x9003, 20240315)])).toBeNull();
      expect(takenAt([text(0x9004, '2024:03:15 09:30:00')])).toBeNull();
      expect(readExif(jpeg(tiff({ little: true, gps: gpsOf(HCMC.lat, 'N', HCMC.lng, 'E') }))).takenAt).toBeNull();
    });
  });

  describe('place', () => {
    const place = (gps: Field[], little = true) => readExif(jpeg(tiff({ little, gps }))).location;

    it('gives south and west as negative degrees', () => {
      // Lima: 12°2'46" S, 77°2'34" W; Sydney: 33°52'4" S, 151°12'36" E.
      expectPlace(
        place([text(1, 'S'), rationals(2, dms(12, 2, 46)), text(3, 'W'), rationals(4, dms(77, 2, 34))]),
        -12.0461111,
        -77.0427778,
      );
      expectPlace(
        place([text(1, 'S'), rationals(2, dms(33, 52, 4)), text(3, 'E'), rationals(4, dms(151, 12, 36))], false),
        -33.8677778,
        151.21,
      );
      expectPlace(
        place([text(1, 'N'), rationals(2, dms(40, 42, 46)), text(3, 'W'), rationals(4, dms(74, 0, 22))]),
        40.7127778,
        -74.0061111,
      );
    });

    it('reads minutes written as a decimal fraction, and gives 0° south as 0', () => {
      const decimalMinutes: [number, number][] = [
        [10, 1],
        [4650833, 100000],
        [0, 1],
      ];
      expectPlace(
        place([text(1, 'N'), rationals(2, decimalMinutes), text(3, 'E'), rationals(4, dms(106, 41, 45))]),
        10.7751388,
        106.6958333,
      );
      expect(place([text(1, 'S'), rationals(2, dms(0, 0, 0)), text(3, 'E'), rationals(4, dms(106, 0, 0))])).toEqual({ lat: 0, lng: 106 });
    });

    it('gives null on a zero denominator', () => {
      const zero: [number, number][] = [
        [10, 1],
        [46, 1],
        [3050, 0],
      ];
      expect(place([text(1, 'N'), rationals(2, zero), text(3, 'E'), rationals(4, dms(106, 41, 45))])).toBeNull();
      expect(
        place(
          [
            text(1, 'N'),
            rationals(2, dms(10, 46, 30)),
            text(3, 'E'),
            rationals(4, [
              [0, 0],
              [0, 0],
              [0, 0],
            ]),
          ],
          false,
        ),
      ).toBeNull();
    });

    it('gives null for coordinates out of range, and for 0°, 0° (no fix)', () => {
      expect(place(gpsOf(95, 'N', 106, 'E'))).toBeNull();
      expect(place(gpsOf(10, 'N', 181, 'E'))).toBeNull();
      expect(place([text(1, 'N'), rationals(2, dms(0, 0, 0)), text(3, 'E'), rationals(4, dms(0, 0, 0))])).toBeNull();
    });

    it('gives null without both references, with an unknown one, or with fewer than three parts', () => {
      expect(place([rationals(2, dms(10, 46, 30)), text(3, 'E'), rationals(4, dms(106, 41, 45))])).toBeNull();
      expect(place([text(1, 'X'), rationals(2, dms(10, 46, 30)), text(3, 'E'), rationals(4, dms(106, 41, 45))])).toBeNull();
      expect(place([text(1, 'N'), rationals(2, [[10, 1]]), text(3, 'E'), rationals(4, dms(106, 41, 45))])).toBeNull();
      expect(place([text(1, 'N'), text(3, 'E'), rationals(4, dms(106, 41, 45))])).toBeNull();
    });
  });

  describe('nothing to read', () => {
    const NOTHING = { takenAt: null, location: null };

    it('gives nulls for bytes that are not a JPEG with Exif', () => {
      const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      expect(readExif(png)).toEqual(NOTHING);
      expect(readExif(new Uint8Array(0))).toEqual(NOTHING);
      expect(readExif(Uint8Array.from([0xff, 0xd8]))).toEqual(NOTHING);
      expect(readExif(jpeg(null))).toEqual(NOTHING);
      expect(readExif(jpeg(null, [APP0_JFIF, XMP]))).toEqual(NOTHING);
    });

    it('gives nulls for a TIFF header in neither byte order, or without 42', () => {
      const bad = visitPhoto(true);
      bad[tiffStart(bad)] = 0x4a;
      expect(readExif(bad)).toEqual(NOTHING);
      const not42 = visitPhoto(false);
      not42[tiffStart(not42) + 3] = 43;
      expect(readExif(not42)).toEqual(NOTHING);
    });

    it('gives nulls for a file cut anywhere inside its Exif segment', () => {
      const photo = visitPhoto(true);
      const exifEnd = photo.length - IMAGE.length;
      for (let length = 0; length < exifEnd; length += 1) expect(readExif(photo.subarray(0, length)), `cut at ${length}`).toEqual(NOTHING);
      // The first 128 kB of a file hold the segment whole: cut after it, both facts are read.
      expect(readExif(photo.subarray(0, exifEnd)).takenAt).toBe('2024-03-15T02:30:00.000Z');
    });

    it('gives nulls for an IFD0 offset outside the segment', () => {
      expect(readExif(visitPhoto(true, { ifd0At: 0xfffffff0 }))).toEqual(NOTHING);
      expect(readExif(visitPhoto(false, { ifd0At: 4096 }))).toEqual(NOTHING);
    });

    it('reads the other fact when one IFD pointer or value offset points outside the segment', () => {
      const noExifIfd = readExif(visitPhoto(true, { overrideOffset: { 0x8769: 100_000 } }));
      expect(noExifIfd.takenAt).toBeNull();
      expectPlace(noExifIfd.location, HCMC.lat, HCMC.lng);
      const noGpsIfd = readExif(visitPhoto(false, { overrideOffset: { 0x8825: 0xffffffff } }));
      expect(noGpsIfd).toEqual({ takenAt: '2024-03-15T02:30:00.000Z', location: null });
      const latitudeOutside = readExif(visitPhoto(true, { overrideOffset: { 2: 60_000 } }));
      expect(latitudeOutside).toEqual({ takenAt: '2024-03-15T02:30:00.000Z', location: null });
      const dateOutside = readExif(visitPhoto(false, { overrideOffset: { 0x9003: 500 } }));
      expect(dateOutside.takenAt).toBeNull();
      // An offset outside counts as no offset: the local time is read as Vietnam time.
      const zoneOutside = jpeg(
        tiff({ little: true, exif: [text(0x9003, '2024:03:15 09:30:00'), text(0x9011, '-05:00')], overrideOffset: { 0x9011: 5000 } }),
      );
      expect(readExif(zoneOutside).takenAt).toBe('2024-03-15T02:30:00.000Z');
    });

    it('never throws, whatever the bytes', () => {
      const NULL_OR_FACTS = (facts: ReturnType<typeof readExif>) =>
        (facts.takenAt === null || !Number.isNaN(Date.parse(facts.takenAt))) &&
        (facts.location === null || (Math.abs(facts.location.lat) <= 90 && Math.abs(facts.location.lng) <= 180));
      fc.assert(fc.property(fc.uint8Array({ maxLength: 512 }), (bytes) => NULL_OR_FACTS(readExif(bytes))));
      // A real structure with bytes changed at random: the IFD counts, types, offsets and values.
      const photo = visitPhoto(true);
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.nat(photo.length - 1), fc.nat(255)), { minLength: 1, maxLength: 8 }), (changes) => {
          const broken = photo.slice();
          for (const [at, value] of changes) broken[at] = value;
          return NULL_OR_FACTS(readExif(broken));
        }),
        { numRuns: 2_000 },
      );
      expect(readExif(null as unknown as Uint8Array)).toEqual(NOTHING);
    });
  });
});
