/**
 * Photos at the pharmacy (browser, issue 45 items 1–2): on a 390 px phone the rep checks in, loses
 * the signal, takes a photo (a 12 MP camera file), gives it a kind and a note: it is shrunk on the
 * phone to 300 kB or less, shows at once and survives a reload offline. With the signal back the file
 * is uploaded once and the photo is on the visit; the office finds it in the gallery (/visits/photos)
 * and the image itself is served. Every screen passes axe.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { VisitPhotoRow } from '@contract/visits';
import { VIEWPORTS } from '@tests/support/browser';
import { COMPANIES, WAIT_MS, eventually, setupE2e, signInTo, toast, waitForPath, waitForServiceWorker } from '@tests/support/e2e-app';
import { customerOption, unaccented } from '@tests/support/order-screen';
import { firstSyncDone } from '@tests/support/device-store';
import { apiCall, officeSignIn } from '@tests/support/office-api';
import { axeViolations } from '@tests/support/axe';
import { AN_KHANG_CUSTOMERS } from '@server/seed/demo-customers';

const app = setupE2e({ unpluggable: true });
const CUSTOMER = 'Phòng khám Đa khoa Sài Gòn';

/** A camera's file: 4000×3000, detail everywhere (JPEG cannot make it small), quality 0.92, as the phone's camera writes it. */
async function cameraFile(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(4000, 3000);
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 4000, 3000);
    gradient.addColorStop(0, '#2a6');
    gradient.addColorStop(1, '#c52');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 4000, 3000);
    const noise = context.getImageData(0, 0, 4000, 3000);
    let seed = 7;
    for (let i = 0; i < noise.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      noise.data[i] = (noise.data[i]! + (seed % 64)) & 0xff;
    }
    context.putImageData(noise, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

type DeviceFile = { id: string; bytes: ArrayBuffer; uploadedAt: number | null };

/** The files the phone keeps for its ops (src/sync/outbox-files.ts), by size: the bytes themselves stay in the page. */
async function deviceFiles(page: Page): Promise<{ id: string; size: number; uploadedAt: number | null }[]> {
  return page.evaluate(
    () =>
      new Promise<{ id: string; size: number; uploadedAt: number | null }[]>((resolve, reject) => {
        const open = indexedDB.open('salesfield');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('outboxFiles').objectStore('outboxFiles').getAll();
          request.onsuccess = () => {
            resolve(
              (request.result as DeviceFile[]).map((file) => ({ id: file.id, size: file.bytes.byteLength, uploadedAt: file.uploadedAt })),
            );
            open.result.close();
          };
        };
      }),
  );
}

describe('visit photos', () => {
  it(
    'a photo taken offline is shrunk, kept through a reload, uploaded once with signal, and found by the office',
    { timeout: 300_000 },
    async () => {
      const office = await officeSignIn(app.server.url);
      const { context, page } = await app.open(VIEWPORTS.phone, { serviceWorkers: 'allow' });
      await context.grantPermissions(['geolocation']);
      const [lat, lng] = AN_KHANG_CUSTOMERS.find((row) => row.name === CUSTOMER)!.pin;
      await context.setGeolocation({ latitude: lat + 30 / 111_195, longitude: lng, accuracy: 10 });
      await page.goto('/login');
      await signInTo(page, COMPANIES.anKhang);
      await page.goto('/visits');
      await waitForPath(page, '/visits');
      await eventually(() => firstSyncDone(page, office.companyId), 30_000).toBe(true);
      await waitForServiceWorker(page);
      await page.getByTestId('location-notice').getByRole('button', { name: 'Tôi đã đọc và đồng ý' }).click();

      // Check in at the shop, online.
      const form = page.getByTestId('check-in-form');
      await form.getByTestId('customer-search').fill(unaccented('Đa khoa Sài Gòn'));
      await customerOption(page, form.getByTestId('customer-results'), CUSTOMER).click();
      await form.getByRole('button', { name: 'Check-in', exact: true }).click();
      await toast(page, 'success', `Đã check-in tại ${CUSTOMER}`).waitFor();
      const open = page.getByTestId('open-visit');
      const photos = open.getByTestId('visit-photos');
      await photos.getByRole('button', { name: 'Chụp ảnh' }).waitFor();

      // No signal inside the pharmacy: the photo is taken, shrunk and kept on the phone.
      const camera = await cameraFile(page);
      await app.unplug(context);
      await photos.locator('input[type="file"]').setInputFiles({ name: 'IMG_20261205.jpg', mimeType: 'image/jpeg', buffer: camera });
      const draft = photos.getByTestId('photo-draft');
      await draft.getByRole('img', { name: 'Ảnh vừa chụp' }).waitFor();
      await draft.getByLabel('Loại ảnh', { exact: true }).click();
      await page.getByRole('option', { name: 'Trưng bày' }).click();
      await draft.getByRole('textbox', { name: 'Ghi chú ảnh' }).fill('Kệ trưng bày vitamin');
      await expect(axeViolations(page)).resolves.toEqual([]);
      await draft.getByRole('button', { name: 'Lưu ảnh' }).click();
      await toast(page, 'success', 'Đã lưu ảnh, ảnh sẽ được gửi khi có mạng').waitFor();
      const tile = photos.getByTestId('visit-photo');
      await eventually(() => tile.getAttribute('data-state')).toBe('pending');
      await tile.getByRole('img', { name: 'Ảnh trưng bày: Kệ trưng bày vitamin' }).waitFor();
      const [kept] = await deviceFiles(page);
      expect(camera.byteLength, 'the camera file is a few MB').toBeGreaterThan(1_500_000);
      expect(kept!.size, 'shrunk on the phone to 300 kB or less').toBeLessThanOrEqual(300 * 1024);
      expect(kept!.uploadedAt).toBeNull();
      console.info(
        `[visit-photos] camera file ${(camera.byteLength / 1024).toFixed(0)} kB, kept on the phone ${(kept!.size / 1024).toFixed(0)} kB`,
      );

      // A reload without signal: the photo is still there, still waiting.
      const reloaded = await page.reload();
      expect(reloaded?.fromServiceWorker()).toBe(true);
      await eventually(() => photos.getByTestId('visit-photo').getAttribute('data-state')).toBe('pending');
      await expect(axeViolations(page)).resolves.toEqual([]);

      // Signal back: the file goes once, then the op; the photo is the server's.
      const uploads: number[] = [];
      page.on('response', (response) => {
        if (response.request().method() === 'PUT' && new URL(response.url()).pathname.startsWith('/api/file/api/files/'))
          uploads.push(response.status());
      });
      await app.plugIn(context);
      await eventually(() => photos.getByTestId('visit-photo').getAttribute('data-state'), WAIT_MS).toBe('sent');
      expect(uploads).toEqual([201]);
      await eventually(async () => (await deviceFiles(page))[0]?.uploadedAt !== null).toBe(true);

      const gallery = await apiCall<VisitPhotoRow[]>(app.server.url, `/visit/api/photos/?company=${office.companyId}&kind=display`, {
        token: office.token,
      });
      const row = gallery.body.data.find((photo) => photo.customer_name === CUSTOMER)!;
      expect(row).toMatchObject({ kind: 'display', note: 'Kệ trưng bày vitamin' });
      const image = await fetch(`${app.server.url}/api/file/api/files/${row.file_id}/?company=${office.companyId}`, {
        headers: { authorization: `Bearer ${office.token}` },
      });
      expect(image.headers.get('content-type')).toBe('image/jpeg');
      expect((await image.arrayBuffer()).byteLength).toBe(kept!.size);

      // The office's gallery on a desktop shows it.
      const desk = await app.open(VIEWPORTS.desktop);
      await desk.page.goto('/login');
      await signInTo(desk.page, COMPANIES.anKhang);
      await desk.page.goto('/visits/photos');
      await waitForPath(desk.page, '/visits/photos');
      const card = desk.page.getByTestId('photo-card').filter({ hasText: CUSTOMER });
      await card.getByRole('img', { name: 'Ảnh trưng bày: Kệ trưng bày vitamin' }).waitFor({ timeout: WAIT_MS });
      await expect(axeViolations(desk.page)).resolves.toEqual([]);
    },
  );
});
