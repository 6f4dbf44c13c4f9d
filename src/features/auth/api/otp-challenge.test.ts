import { describe, expect, it } from 'vitest';
import { solves, solveChallenge, type ChallengeSolution } from '@contract/auth-challenge';
import { ApiError } from '@/api/api-error';
import { withChallenge } from './otp-challenge';

const CHALLENGE = {
  algorithm: 'SHA-256',
  salt: 'abcdefabcdefabcdefabcdefabcdef12',
  bits: 8,
  expires_at: 1_800_000_000,
  signature: 'ab'.repeat(32),
} as const;
const solve = async (): Promise<ChallengeSolution> => ({ ...CHALLENGE, number: await solveChallenge(CHALLENGE) });
const required = () =>
  new ApiError('Hệ thống cần xác minh thiết bị của bạn trước khi gửi mã. Vui lòng gửi lại yêu cầu', 428, 'CHALLENGE_REQUIRED');

describe('withChallenge (a code request past the server’s threshold)', () => {
  it('sends once, without a challenge, when the server does not ask for one', async () => {
    const sent: unknown[] = [];
    const states: boolean[] = [];
    await expect(
      withChallenge(
        async (challenge) => (sent.push(challenge), 'gửi'),
        (on) => states.push(on),
        solve,
      ),
    ).resolves.toBe('gửi');
    expect(sent).toEqual([undefined]);
    expect(states).toEqual([]);
  });

  it('solves the challenge when asked, says so while it works, and sends the same request again with the solution', async () => {
    const sent: (ChallengeSolution | undefined)[] = [];
    const states: boolean[] = [];
    const answer = await withChallenge(
      async (challenge) => {
        sent.push(challenge);
        if (!challenge) throw required();
        return 'Mã xác minh đã được gửi';
      },
      (on) => states.push(on),
      solve,
    );
    expect(answer).toBe('Mã xác minh đã được gửi');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeUndefined();
    expect(sent[1]).toMatchObject(CHALLENGE);
    await expect(solves(CHALLENGE, sent[1]!.number)).resolves.toBe(true);
    expect(states).toEqual([true, false]);
  });

  it('throws the server’s refusal of the solution, and any other refusal, with its Vietnamese message', async () => {
    const used = new ApiError('Phiên xác minh thiết bị này đã được dùng. Vui lòng gửi lại yêu cầu', 400, 'CHALLENGE_INVALID');
    await expect(
      withChallenge(
        async (challenge) => {
          throw challenge ? used : required();
        },
        undefined,
        solve,
      ),
    ).rejects.toBe(used);
    const tooSoon = new ApiError('Vui lòng chờ 40 giây trước khi yêu cầu mã mới', 429, 'OTP_TOO_SOON');
    let calls = 0;
    await expect(
      withChallenge(
        async () => {
          calls += 1;
          throw tooSoon;
        },
        undefined,
        solve,
      ),
    ).rejects.toBe(tooSoon);
    expect(calls).toBe(1);
  });

  it('ends the "verifying" state when the challenge cannot be had', async () => {
    const states: boolean[] = [];
    const offline = new ApiError('Không có kết nối mạng', 0, 'NETWORK');
    await expect(
      withChallenge(
        async () => {
          throw required();
        },
        (on) => states.push(on),
        () => Promise.reject(offline),
      ),
    ).rejects.toBe(offline);
    expect(states).toEqual([true, false]);
  });
});
