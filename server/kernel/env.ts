/**
 * The server's settings, read from the environment once at start (nothing else reads process.env).
 */
import path from 'node:path';
import { DEFAULT_FILE_QUOTA_BYTES } from '@contract/files';
import { platformBankFrom, type PlatformBank } from './platform-bank';

export type ServerEnv = {
  port: number;
  host: string;
  /** Embedded PGlite lives here unless DATABASE_URL points at PostgreSQL. */
  dataDir: string;
  /** Where files that ops carry are kept (contract/files.ts): FILES_DIR, by default `files` in DATA_DIR. */
  filesDir: string;
  /** What each company may keep there: FILE_QUOTA_MB. */
  fileQuotaBytes: number;
  databaseUrl: string | null;
  /** DATABASE_REPLICA_URL: a streaming replica for reads that may lag (server/kernel/db/replica.ts). */
  replicaUrl: string | null;
  /** Names the refresh-token micro-service prefix: /api/micro-account-{apiEnv}/... */
  apiEnv: string;
  /** HS256 key for access tokens; when absent one is generated and kept in the database. */
  jwtSecret: string | null;
  isProduction: boolean;
  logLevel: string;
  /** Mark auth cookies Secure (set when served over HTTPS, or behind a TLS proxy). */
  cookieSecure: boolean;
  /**
   * How many proxies in front of the server append to X-Forwarded-For (TRUST_PROXY: false = 0,
   * true = 1, or a number): the client address is that many entries from the right (server/lib/client-ip.ts).
   */
  proxyHops: number;
  /**
   * SEED_DEMO: seed the demo companies and accounts (their password is public) into an empty
   * database. Off by default in production (NODE_ENV=production, what `npm start` sets); `npm run
   * demo` asks for it.
   */
  seedDemo: boolean;
  /**
   * ADMIN_PHONE / ADMIN_PASSWORD: the first system administrator, made at a start that finds none
   * (server/seed/first-admin.ts). Without ADMIN_PASSWORD a one-time password is made and printed once.
   */
  firstAdmin: { phone: string | null; password: string | null };
  /** scrypt cost exponent (N = 2^n); OWASP minimum is 17. */
  scryptLogN: number;
  loginMaxFailuresPerAccount: number;
  loginMaxFailuresPerIp: number;
  staticDir: string;
  /** SECRETS_KEY: seals provider secrets (server/kernel/vault.ts); generated and kept in the database when absent. */
  secretsKey: string | null;
  /** Start the provider simulators beside the app (demo mode; docs/integrations.md). */
  simulators: boolean;
  simulatorPort: number;
  /** SIMULATOR_URL: simulators already running elsewhere (the cluster's primary starts them once). */
  simulatorUrl: string | null;
  /** WORKERS: API processes sharing the port (node:cluster); more than one needs PostgreSQL. */
  workers: number;
  /** The app's address as providers see it, for their webhooks and callbacks (PUBLIC_URL). */
  publicUrl: string | null;
  /** Durable jobs (server/kernel/jobs.ts): how often to look for work, the first retry delay, runners at once. */
  jobPollMs: number;
  jobRetryBaseMs: number;
  jobConcurrency: number;
  /** How long a provider call may take before it counts as a timeout. */
  providerTimeoutMs: number;
  /**
   * Where one-time codes to phones go (server/modules/auth/sms-delivery.ts): `log` writes them to
   * the server log (development, the demo); `esms` sends SMS through eSMS.vn with the ESMS_* account.
   */
  smsProvider: 'log' | 'esms';
  /** One-time codes to phones the whole platform sends in 24 hours, whoever asks (docs/security.md). */
  smsDailyBudget: number;
  /**
   * The proof-of-work challenge before a code to a phone (server/modules/auth/otp-challenge.ts,
   * docs/security.md): asked of every request once the platform has sent `afterSent` codes in 24
   * hours (SMS_CHALLENGE_AFTER, a quarter of SMS_DAILY_BUDGET unless set), and of an address that
   * asked for `afterPerAddress` codes in 15 minutes; `bits` leading zero bits of SHA-256.
   */
  smsChallenge: { afterSent: number; afterPerAddress: number; bits: number };
  /**
   * The company whose Zalo OA sends the app's own codes to phones first, by ZNS (its OTP template),
   * the SMS or log sender taking what it cannot (server/modules/messaging/otp-sender.ts); null: none.
   */
  otpZaloCompany: number | null;
  esms: { apiKey: string; secretKey: string; brandname: string; environment: 'production' | 'sandbox' | 'simulator' };
  /** Web Push's VAPID key pair (server/modules/notifications/web-push.ts); made and kept in the database when absent. */
  /** PUSH_SERVICE_HOSTS: hosts added to the browsers' push services (contract/notifications.ts), comma-separated. */
  pushServiceHosts: string[];
  vapid: { publicKey: string | null; privateKey: string | null; subject: string | null };
  /** PLATFORM_BANK_*: where companies pay for their package (server/kernel/platform-bank.ts); null: not set in production. */
  platformBank: PlatformBank | null;
};

function smsProviderFrom(value: string | undefined): 'log' | 'esms' {
  if (value === undefined || value === '' || value === 'log') return 'log';
  if (value === 'esms') return 'esms';
  throw new Error(`SMS_PROVIDER must be log or esms, got "${value}"`);
}

function esmsEnvironmentFrom(value: string | undefined): ServerEnv['esms']['environment'] {
  if (value === undefined || value === '') return 'production';
  if (value === 'production' || value === 'sandbox' || value === 'simulator') return value;
  throw new Error(`ESMS_ENVIRONMENT must be production, sandbox or simulator, got "${value}"`);
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed)) throw new Error(`${name} must be an integer, got "${value}"`);
  return parsed;
}

function boolFrom(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());
}

function hopsFrom(value: string | undefined): number {
  if (value === undefined || value === '') return 0;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  return boolFrom(value, false) ? 1 : 0;
}

export function readEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const isProduction = source.NODE_ENV === 'production';
  const apiEnv = source.API_ENV || 'local';
  if (!/^[a-z0-9-]{1,32}$/.test(apiEnv)) throw new Error(`API_ENV must be lower-case letters, digits or dashes`);
  return {
    port: intFrom(source.PORT, 3000, 'PORT'),
    host: source.HOST || '0.0.0.0',
    dataDir: path.resolve(source.DATA_DIR || './data'),
    filesDir: path.resolve(source.FILES_DIR || path.join(source.DATA_DIR || './data', 'files')),
    fileQuotaBytes: intFrom(source.FILE_QUOTA_MB, DEFAULT_FILE_QUOTA_BYTES / 1024 / 1024, 'FILE_QUOTA_MB') * 1024 * 1024,
    databaseUrl: source.DATABASE_URL || null,
    replicaUrl: source.DATABASE_REPLICA_URL || null,
    apiEnv,
    jwtSecret: source.JWT_SECRET || null,
    isProduction,
    logLevel: source.LOG_LEVEL || (source.NODE_ENV === 'test' ? 'silent' : 'info'),
    cookieSecure: boolFrom(source.COOKIE_SECURE, false),
    proxyHops: hopsFrom(source.TRUST_PROXY),
    seedDemo: boolFrom(source.SEED_DEMO, !isProduction),
    firstAdmin: { phone: source.ADMIN_PHONE || null, password: source.ADMIN_PASSWORD || null },
    scryptLogN: intFrom(source.SCRYPT_LOG_N, 17, 'SCRYPT_LOG_N'),
    loginMaxFailuresPerAccount: intFrom(source.LOGIN_MAX_FAILURES_PER_ACCOUNT, 5, 'LOGIN_MAX_FAILURES_PER_ACCOUNT'),
    loginMaxFailuresPerIp: intFrom(source.LOGIN_MAX_FAILURES_PER_IP, 50, 'LOGIN_MAX_FAILURES_PER_IP'),
    staticDir: path.resolve(source.STATIC_DIR || './dist'),
    secretsKey: source.SECRETS_KEY || null,
    // Demo data points its connections at the simulators, so they run whenever the demo is seeded.
    simulators: boolFrom(source.SIMULATORS, boolFrom(source.SEED_DEMO, !isProduction) && source.NODE_ENV !== 'test'),
    simulatorPort: intFrom(source.SIMULATOR_PORT, 3900, 'SIMULATOR_PORT'),
    simulatorUrl: source.SIMULATOR_URL || null,
    workers: intFrom(source.WORKERS, 1, 'WORKERS'),
    publicUrl: source.PUBLIC_URL || null,
    jobPollMs: intFrom(source.JOB_POLL_MS, 1000, 'JOB_POLL_MS'),
    jobRetryBaseMs: intFrom(source.JOB_RETRY_BASE_MS, 5000, 'JOB_RETRY_BASE_MS'),
    jobConcurrency: intFrom(source.JOB_CONCURRENCY, 4, 'JOB_CONCURRENCY'),
    providerTimeoutMs: intFrom(source.PROVIDER_TIMEOUT_MS, 15_000, 'PROVIDER_TIMEOUT_MS'),
    smsProvider: smsProviderFrom(source.SMS_PROVIDER),
    smsDailyBudget: intFrom(source.SMS_DAILY_BUDGET, 2000, 'SMS_DAILY_BUDGET'),
    smsChallenge: {
      afterSent: intFrom(
        source.SMS_CHALLENGE_AFTER,
        Math.floor(intFrom(source.SMS_DAILY_BUDGET, 2000, 'SMS_DAILY_BUDGET') / 4),
        'SMS_CHALLENGE_AFTER',
      ),
      afterPerAddress: 2,
      bits: 15,
    },
    otpZaloCompany: source.OTP_ZALO_COMPANY ? intFrom(source.OTP_ZALO_COMPANY, 0, 'OTP_ZALO_COMPANY') : null,
    esms: {
      apiKey: source.ESMS_API_KEY ?? '',
      secretKey: source.ESMS_SECRET_KEY ?? '',
      brandname: source.ESMS_BRANDNAME ?? '',
      environment: esmsEnvironmentFrom(source.ESMS_ENVIRONMENT),
    },
    pushServiceHosts: (source.PUSH_SERVICE_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    vapid: {
      publicKey: source.VAPID_PUBLIC_KEY || null,
      privateKey: source.VAPID_PRIVATE_KEY || null,
      subject: source.VAPID_SUBJECT || null,
    },
    platformBank: platformBankFrom(source, !isProduction || boolFrom(source.SEED_DEMO, false)),
  };
}
