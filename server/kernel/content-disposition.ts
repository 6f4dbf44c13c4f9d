/**
 * The Content-Disposition of a file answer. A header carries only bytes up to 255, and a file name
 * may hold what users typed (a customer code "KH-Hà Nội", an order's number): written raw, a
 * Vietnamese letter made the answer fail with 500 (the fault suite's fuzzing found it on the personal
 * data export). So: a plain ASCII name as it is; another as ASCII for old clients, and the exact name
 * beside it as RFC 6266 / RFC 5987 say (src/api/files.ts reads either).
 */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  if (/^[\x20-\x7e]*$/.test(fileName) && !/["\\]/.test(fileName)) return `${kind}; filename="${fileName}"`;
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
