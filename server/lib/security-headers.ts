/**
 * Security headers for every answer, and the Content-Security-Policy the built app runs under.
 * Scripts: only our own files (no inline script; Vite's module-preload polyfill is turned off) plus
 * 'wasm-unsafe-eval' for the self-hosted barcode decoder. Styles allow 'unsafe-inline' because
 * Mantine writes its CSS variables into <style> elements at run time (docs/architecture.md "Security headers").
 */
import { secureHeaders } from 'hono/secure-headers';

export function securityHeaders(options: { https: boolean }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      frameSrc: ["'self'"],
      frameAncestors: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: 'same-origin',
    crossOriginResourcePolicy: 'same-origin',
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: options.https ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'SAMEORIGIN',
    permissionsPolicy: {
      camera: ['self'],
      geolocation: ['self'],
      microphone: [],
      payment: [],
      usb: [],
    },
  });
}
