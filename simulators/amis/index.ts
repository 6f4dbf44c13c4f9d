/**
 * MISA AMIS Kế toán's connection API (docs/invoices.md; shapes from ./fixtures, mismatches in
 * docs/provider-sources.md "MISA AMIS Kế toán"), under `/amis`:
 * - POST api/oauth/actopen/connect {app_id, access_code, org_company_code} → Data: '{"access_token",
 *   "app_name"}' (about 12 hours);
 * - POST apir/sync/actopen/get_dictionary {data_type 1|2|3, skip, take ≤ 100} → typed items
 *   (`account_object_code`…); save_dictionary {dictionary: [{dictionary_type 1|3|5, <type>_code,
 *   <type>_name}]} saves by code;
 * - POST apir/sync/actopen/save {voucher[]}: accepted at once (Data null); each voucher is checked
 *   against the dictionary afterwards and the result sent to the app's APICallBack in MISA's
 *   PascalCase shape, signed HMAC-SHA256(Data, app_id). One voucher per org_refid: a voucher sent
 *   again is not made twice, its result is sent again.
 * The APICallBack is registered with MISA per app; here `POST __sim/callback-url {app_id,
 * org_company_code, url}` does it. Faults beyond the host's: `POST __sim/callbacks {duplicate: n}`
 * sends the next n callbacks twice; `POST __sim/expire-tokens` ends every token. The access code
 * "sai-ma-ket-noi" is refused.
 */
import { Hono } from 'hono';
import type { Simulator, SimulatorContext } from '../host';
import type { DictionaryType, SimVoucher } from './amis-rules';
import {
  companiesState,
  connect,
  simCallbacks,
  simCallbackUrl,
  expireTokens,
  simExpireTokens,
  getDictionary,
  save,
  saveDictionary,
  type AmisWorld,
} from './handlers';

export type AmisCompany = {
  appId: string;
  callbackUrl: string | null;
  dictionary: Record<DictionaryType, Map<string, string>>;
  /** Vouchers made, by org_refid. */
  vouchers: Map<string, SimVoucher>;
  /** Refusals, by org_refid (the last reason). */
  refused: Map<string, string>;
};

export type AmisSimulator = Simulator & {
  companies: () => Map<string, AmisCompany>;
  /** Tests: the next `n` callbacks are sent twice. */
  duplicateNextCallbacks: (n: number) => void;
  expireTokens: () => void;
};

export function amisSimulator(context: SimulatorContext): AmisSimulator {
  const world: AmisWorld = { companies: new Map(), tokens: new Map(), duplicateCallbacks: 0, callbacksSent: 0 };
  const app = new Hono({ strict: false });
  app.post('/api/oauth/actopen/connect', connect(world));
  app.post('/apir/sync/actopen/get_dictionary', getDictionary(world));
  app.post('/apir/sync/actopen/save_dictionary', saveDictionary(world));
  app.post('/apir/sync/actopen/save', save(world));
  app.post('/__sim/callbacks', simCallbacks(world));
  app.post('/__sim/callback-url', simCallbackUrl(world));
  app.post('/__sim/expire-tokens', simExpireTokens(world));

  return {
    app,
    companies: () => world.companies,
    duplicateNextCallbacks(n: number) {
      world.duplicateCallbacks += n;
    },
    expireTokens: () => expireTokens(world),
    state: () => ({ baseUrl: context.baseUrl, callbacksSent: world.callbacksSent, companies: companiesState(world) }),
    reset: () => {
      world.companies = new Map();
      world.tokens = new Map();
      world.duplicateCallbacks = 0;
      world.callbacksSent = 0;
    },
  };
}
