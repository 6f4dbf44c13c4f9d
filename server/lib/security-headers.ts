/**
 * Security headers for every answer, and the Content-Security-Policy the built app runs under.
 * Scripts: only our own files (Vite's module-preload polyfill is turned off), the inline scripts
 * named by their hash (the sign-in page's loader, server/login-shell.ts) and 'wasm-unsafe-eval' for
 * the self-hosted barcode decoder. Styles allow 'unsafe-inline' because
 * Mantine writes its CSS variables into <style> elements at run time (docs/architecture.md "Security headers").
 */
import { secureHeaders } from 'hono/secure-headers';

/** `inlineScripts`: the hashes ('sha256-…') of the inline scripts the app's HTML may run. */
export function securityHeaders(options: { https: boolean; inlineScripts: string[] }) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...options.inlineScripts],
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
