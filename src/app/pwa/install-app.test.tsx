import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

/** A fresh copy of the modules: the captured install event is per page load. */
async function load() {
  vi.resetModules();
  return import('./install-app');
}

async function renderInstall() {
  const { InstallApp, captureInstallPrompt } = await load();
  captureInstallPrompt();
  render(
    <MantineProvider env="test">
      <InstallApp />
    </MantineProvider>,
  );
}

function fireBeforeInstallPrompt(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  act(() => {
    window.dispatchEvent(event);
  });
  return { event, prompt };
}

let standalone = false;
const originalMatchMedia = window.matchMedia;

beforeEach(() => {
  standalone = false;
  window.matchMedia = ((query: string) => {
    if (query !== '(display-mode: standalone)') return originalMatchMedia.call(window, query);
    return { matches: standalone, media: query, addEventListener: () => {}, removeEventListener: () => {} } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
});

afterEach(() => {
  window.matchMedia = originalMatchMedia;
  vi.restoreAllMocks();
});

describe('InstallApp', () => {
  it('shows nothing until the browser offers an install prompt', async () => {
    await renderInstall();
    expect(screen.queryByRole('button', { name: 'Cài đặt ứng dụng' })).toBeNull();
    expect(screen.queryByTestId('install-app-ios')).toBeNull();
  });

  it('offers "Cài đặt ứng dụng" once beforeinstallprompt fired, and shows the browser dialog on click', async () => {
    await renderInstall();
    const { event, prompt } = fireBeforeInstallPrompt();
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cài đặt ứng dụng' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // An install event can be used once: the button goes away.
    expect(screen.queryByRole('button', { name: 'Cài đặt ứng dụng' })).toBeNull();
  });

  it('hides the button once the app is installed', async () => {
    await renderInstall();
    fireBeforeInstallPrompt();
    expect(screen.getByRole('button', { name: 'Cài đặt ứng dụng' })).toBeTruthy();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('button', { name: 'Cài đặt ứng dụng' })).toBeNull();
  });

  it('explains Share → Add to Home Screen on iOS', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    await renderInstall();
    const steps = screen.getByTestId('install-app-ios');
    expect(steps.textContent).toContain('Chia sẻ');
    expect(steps.textContent).toContain('Thêm vào Màn hình chính');
  });

  it('shows nothing when already running installed', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    standalone = true;
    await renderInstall();
    fireBeforeInstallPrompt();
    expect(screen.queryByTestId('install-app-ios')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cài đặt ứng dụng' })).toBeNull();
  });
});
