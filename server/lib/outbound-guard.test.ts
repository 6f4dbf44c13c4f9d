/**
 * Calls on a user's word reach only public addresses, checked when the connection is made: a name
 * that resolves inside (localhost here) is refused by the agent before any byte is sent.
 */
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushEndpoint, type PushEndpoint } from '@server/testing/push-endpoint';
import { InternalAddressError, isInternalAddress, publicOnlyAgent } from './outbound-guard';

describe('isInternalAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.20.0.5', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['142.250.66.106', false],
    ['17.253.144.10', false],
    ['2404:6800:4005:80b::200a', false],
    ['::ffff:142.250.66.106', false],
  ])('%s → %s', (address, internal) => {
    expect(isInternalAddress(address)).toBe(internal);
  });
});

describe('publicOnlyAgent', () => {
  let local: PushEndpoint;
  beforeAll(async () => {
    local = await startPushEndpoint();
  });
  afterAll(async () => {
    await local?.stop();
  });

  const get = (url: string, allowed: string[]) =>
    new Promise<number>((resolve, reject) => {
      https
        .get(url, { agent: publicOnlyAgent(new Set(allowed)) }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        })
        .on('error', reject);
    });

  it('refuses a name that resolves to a loopback address, and connects nowhere', async () => {
    const port = Number(new URL(local.url).port);
    const before = local.deliveries.length;
    await expect(get(`https://localhost:${port}/push/x`, [])).rejects.toBeInstanceOf(InternalAddressError);
    expect(local.deliveries.length).toBe(before);
  });

  it('lets a host the settings name through', async () => {
    const port = Number(new URL(local.url).port);
    expect(port).toBeGreaterThan(0);
    await expect(get(`https://localhost:${port}/push/x`, ['localhost'])).resolves.toBeGreaterThan(0);
  });
});
