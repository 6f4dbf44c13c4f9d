// The app icons, drawn from the logo (public/favicon.svg: a teal square with a white "S") by
// @vite-pwa/assets-generator (sharp underneath) as the PNG files the web app manifest
// (vite.config.ts) and iOS (index.html's apple-touch-icon) name. Run after changing the logo:
// `npm run icons:build` (the PNGs are committed).
import { defineConfig, type Preset } from '@vite-pwa/assets-generator/config';

const TEAL = '#0b7285';

const preset: Preset = {
  // "any" icons: the logo itself, rounded corners and all, edge to edge on a transparent ground.
  transparent: { sizes: [192, 512], padding: 0 },
  // Maskable: full-bleed teal; the "S" shrunk to 80 % so it stays well inside the safe zone (the
  // centred circle of 40 % radius that every launcher mask keeps).
  maskable: { sizes: [192, 512], padding: 0.2, resizeOptions: { background: TEAL } },
  // iOS rounds the corners itself: a full-bleed square, the "S" at 90 %.
  apple: { sizes: [180], padding: 0.1, resizeOptions: { background: TEAL } },
  assetName: (type, size) => {
    if (type === 'apple') return 'apple-touch-icon.png';
    return `icons/${type === 'maskable' ? 'maskable' : 'icon'}-${size.width}.png`;
  },
};

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset,
  images: ['public/favicon.svg'],
});
