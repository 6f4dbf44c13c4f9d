// Draws the app icons (the logo of public/favicon.svg: a teal square with a white "S") as PNG files
// for the web app manifest and iOS, with no image library: the SVG path is flattened, filled with
// anti-aliasing by a small scanline rasterizer and written with node:zlib.
// Run once after changing the logo: `node scripts/generate-icons.mjs` (the PNGs are committed).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FAVICON = path.join(ROOT, 'public/favicon.svg');

const TEAL = [0x0b, 0x72, 0x85];
const WHITE = [0xff, 0xff, 0xff];

/** The favicon's viewBox size, its corner radius and the "S" path, read from the SVG itself. */
function readLogo() {
  const svg = fs.readFileSync(FAVICON, 'utf8');
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const radius = /<rect[^>]*\brx="([\d.]+)"/.exec(svg);
  const glyph = /<path[^>]*\bd="([^"]+)"/.exec(svg);
  if (!viewBox || !radius || !glyph) throw new Error(`${FAVICON}: expected a viewBox, a <rect rx> and one <path d>`);
  return { size: Number(viewBox[1]), radius: Number(radius[1]), d: glyph[1] };
}

// ---- SVG path → polygons ------------------------------------------------------------------------

const CURVE_STEPS = 24;

function cubic(points, p0, p1, p2, p3) {
  for (let i = 1; i <= CURVE_STEPS; i += 1) {
    const t = i / CURVE_STEPS;
    const u = 1 - t;
    points.push([
      u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
      u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
    ]);
  }
}

/** Supports M L H V C S Q Z (absolute and relative), which is all a simple logo path uses. */
function pathToPolygons(d) {
  const tokens = d.match(/[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g) ?? [];
  const polygons = [];
  let current = null;
  let point = [0, 0];
  let start = [0, 0];
  let lastControl = null;
  let command = '';
  let i = 0;
  const number = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[a-zA-Z]/.test(tokens[i])) command = tokens[i++];
    const relative = command === command.toLowerCase();
    const base = relative ? point : [0, 0];
    const at = () => [base[0] + number(), base[1] + number()];
    switch (command.toUpperCase()) {
      case 'M': {
        point = at();
        start = point;
        current = [point];
        polygons.push(current);
        command = relative ? 'l' : 'L'; // further pairs are line-tos
        lastControl = null;
        break;
      }
      case 'L':
        point = at();
        current.push(point);
        lastControl = null;
        break;
      case 'H':
        point = [(relative ? point[0] : 0) + number(), point[1]];
        current.push(point);
        lastControl = null;
        break;
      case 'V':
        point = [point[0], (relative ? point[1] : 0) + number()];
        current.push(point);
        lastControl = null;
        break;
      case 'C': {
        const c1 = at();
        const c2 = at();
        const end = at();
        cubic(current, point, c1, c2, end);
        lastControl = c2;
        point = end;
        break;
      }
      case 'S': {
        const c1 = lastControl ? [2 * point[0] - lastControl[0], 2 * point[1] - lastControl[1]] : point;
        const c2 = at();
        const end = at();
        cubic(current, point, c1, c2, end);
        lastControl = c2;
        point = end;
        break;
      }
      case 'Q': {
        const c = at();
        const end = at();
        const c1 = [point[0] + (2 / 3) * (c[0] - point[0]), point[1] + (2 / 3) * (c[1] - point[1])];
        const c2 = [end[0] + (2 / 3) * (c[0] - end[0]), end[1] + (2 / 3) * (c[1] - end[1])];
        cubic(current, point, c1, c2, end);
        lastControl = null;
        point = end;
        break;
      }
      case 'Z':
        point = start;
        lastControl = null;
        break;
      default:
        throw new Error(`path command ${command} is not supported`);
    }
  }
  return polygons;
}

function roundedSquare(size, radius) {
  if (radius <= 0)
    return [
      [
        [0, 0],
        [size, 0],
        [size, size],
        [0, size],
      ],
    ];
  const points = [];
  const corners = [
    [size - radius, radius, -Math.PI / 2],
    [size - radius, size - radius, 0],
    [radius, size - radius, Math.PI / 2],
    [radius, radius, Math.PI],
  ];
  for (const [cx, cy, from] of corners) {
    for (let i = 0; i <= CURVE_STEPS; i += 1) {
      const angle = from + (i / CURVE_STEPS) * (Math.PI / 2);
      points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
    }
  }
  return [points];
}

function transform(polygons, scale, dx, dy) {
  return polygons.map((polygon) => polygon.map(([x, y]) => [x * scale + dx, y * scale + dy]));
}

// ---- Rasterizer: non-zero fill, 16 sub-scanlines per pixel, exact horizontal coverage -------------

const SUBSAMPLES = 16;

function coverage(polygons, size) {
  const edges = [];
  for (const polygon of polygons) {
    for (let k = 0; k < polygon.length; k += 1) {
      const [x0, y0] = polygon[k];
      const [x1, y1] = polygon[(k + 1) % polygon.length];
      if (y0 !== y1) edges.push({ x0, y0, x1, y1, dir: y1 > y0 ? 1 : -1 });
    }
  }
  const cover = new Float64Array(size * size);
  const addSpan = (row, from, to) => {
    const a = Math.max(0, from);
    const b = Math.min(size, to);
    for (let px = Math.floor(a); px < Math.ceil(b); px += 1) {
      cover[row * size + px] += (Math.min(b, px + 1) - Math.max(a, px)) / SUBSAMPLES;
    }
  };
  for (let row = 0; row < size; row += 1) {
    for (let s = 0; s < SUBSAMPLES; s += 1) {
      const y = row + (s + 0.5) / SUBSAMPLES;
      const crossings = [];
      for (const e of edges) {
        if (y >= Math.min(e.y0, e.y1) && y < Math.max(e.y0, e.y1)) {
          crossings.push({ x: e.x0 + ((y - e.y0) * (e.x1 - e.x0)) / (e.y1 - e.y0), dir: e.dir });
        }
      }
      crossings.sort((p, q) => p.x - q.x);
      let winding = 0;
      let spanStart = 0;
      for (const crossing of crossings) {
        const before = winding;
        winding += crossing.dir;
        if (before === 0 && winding !== 0) spanStart = crossing.x;
        else if (before !== 0 && winding === 0) addSpan(row, spanStart, crossing.x);
      }
    }
  }
  return cover;
}

// ---- PNG ------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function encodePng(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let row = 0; row < size; row += 1) {
    raw[row * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, row * (size * 4 + 1) + 1, row * size * 4, (row + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---- The icons ------------------------------------------------------------------------------------

/**
 * `rounded`: the favicon's rounded corners (transparent outside); otherwise a full-bleed square, as
 * maskable icons and iOS (which rounds them itself) need. `glyphScale`: the "S" relative to the
 * favicon's drawing, shrunk for maskable icons so it stays inside the safe zone.
 */
function drawIcon(logo, size, { rounded, glyphScale }) {
  const unit = size / logo.size;
  const background = roundedSquare(size, rounded ? logo.radius * unit : 0);
  const centre = logo.size / 2;
  const glyph = transform(
    pathToPolygons(logo.d),
    unit * glyphScale,
    (centre - centre * glyphScale) * unit,
    (centre - centre * glyphScale) * unit,
  );
  const bg = coverage(background, size);
  const fg = coverage(glyph, size);
  const rgba = Buffer.alloc(size * size * 4);
  for (let p = 0; p < size * size; p += 1) {
    const a1 = Math.min(1, bg[p]);
    const a2 = Math.min(1, fg[p]);
    const alpha = a2 + a1 * (1 - a2);
    for (let c = 0; c < 3; c += 1) {
      const premultiplied = WHITE[c] * a2 + TEAL[c] * a1 * (1 - a2);
      rgba[p * 4 + c] = alpha > 0 ? Math.round(premultiplied / alpha) : 0;
    }
    rgba[p * 4 + 3] = Math.round(alpha * 255);
  }
  return encodePng(size, rgba);
}

const ICONS = [
  { file: 'icons/icon-192.png', size: 192, rounded: true, glyphScale: 1 },
  { file: 'icons/icon-512.png', size: 512, rounded: true, glyphScale: 1 },
  // Maskable: the safe zone is the centred circle of 40 % radius; the "S" is kept well inside it.
  { file: 'icons/maskable-192.png', size: 192, rounded: false, glyphScale: 0.8 },
  { file: 'icons/maskable-512.png', size: 512, rounded: false, glyphScale: 0.8 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, glyphScale: 0.9 },
];

const logo = readLogo();
for (const icon of ICONS) {
  const target = path.join(ROOT, 'public', icon.file);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const png = drawIcon(logo, icon.size, icon);
  fs.writeFileSync(target, png);
  console.info(`${path.relative(ROOT, target)}  ${icon.size}x${icon.size}  ${(png.length / 1024).toFixed(1)} kB`);
}
