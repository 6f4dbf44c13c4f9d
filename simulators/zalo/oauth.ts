/**
 * Zalo's OAuth v4 for OAs (https://oauth.zaloapp.com/v4/oa/…; docs/messaging.md "Connecting"):
 * the consent page where the OA's admin picks the OA and allows the app, which sends the browser to
 * the app's redirect_uri with `code`, `oa_id` and `state`; and the token call, form-encoded with the
 * app's `secret_key` header, for `authorization_code` (with the PKCE `code_verifier`) or
 * `refresh_token` (single use). Refusals carry Zalo's shape: `{error, error_name, error_description}`.
 */
import { Hono } from 'hono';
import { pkceChallenge } from './tokens';
import type { ZaloState } from './state';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font-family:system-ui,sans-serif;background:#eef3fb;margin:0;padding:24px;color:#1c2b3a}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 12px #0002}
h1{font-size:20px;color:#0068ff;margin:0 0 12px}label{display:flex;gap:8px;align-items:center;padding:10px;border:1px solid #d5deea;border-radius:8px;margin:8px 0}
button{background:#0068ff;color:#fff;border:0;border-radius:8px;padding:10px 18px;font-size:15px;cursor:pointer}
.deny{background:#fff;color:#1c2b3a;border:1px solid #c4ccd6;margin-left:8px}.note{font-size:13px;color:#5a6b7d}
</style></head><body><main>${body}</main></body></html>`;
}

function oauthError(code: number, name: string, description: string) {
  return { error: code, error_name: name, error_reason: name, error_description: description };
}

export function oauthRoutes(state: ZaloState) {
  const app = new Hono({ strict: false });

  app.get('/v4/oa/permission', (c) => {
    const appId = c.req.query('app_id') ?? '';
    const redirectUri = c.req.query('redirect_uri') ?? '';
    const registered = state.apps.get(appId);
    if (!registered || !/^https?:\/\//.test(redirectUri)) {
      return c.html(
        page('Zalo – Lỗi', `<h1>Không thể cấp quyền</h1><p>Ứng dụng không tồn tại hoặc địa chỉ quay về không hợp lệ.</p>`),
        400,
      );
    }
    const hidden = ['app_id', 'redirect_uri', 'code_challenge', 'state']
      .map((name) => `<input type="hidden" name="${name}" value="${escape(c.req.query(name) ?? '')}">`)
      .join('');
    const choices = [...state.oas.values()]
      .map(
        (oa, index) =>
          `<label><input type="radio" name="oa_id" value="${escape(oa.oaId)}"${index === 0 ? ' checked' : ''}> ${escape(oa.name)}</label>`,
      )
      .join('');
    return c.html(
      page(
        'Zalo – Cấp quyền cho ứng dụng',
        `<h1>Cấp quyền cho ứng dụng</h1><p><b>${escape(registered.name)}</b> muốn quản lý Official Account của bạn: gửi tin tư vấn, tin ZNS, đọc danh sách người quan tâm và tin nhắn.</p>
<form method="post" action="permission">${hidden}<p>Chọn Official Account:</p>${choices}
<p><button type="submit" name="decision" value="allow">Cho phép</button><button class="deny" type="submit" name="decision" value="deny">Từ chối</button></p></form>
<p class="note">Trình giả lập Zalo: không có tài khoản Zalo thật nào được dùng.</p>`,
      ),
    );
  });

  app.post('/v4/oa/permission', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const redirectUri = field('redirect_uri');
    if (!state.apps.has(field('app_id')) || !/^https?:\/\//.test(redirectUri)) return c.text('Ứng dụng không hợp lệ', 400);
    const back = new URL(redirectUri);
    back.searchParams.set('state', field('state'));
    if (field('decision') !== 'allow' || !state.oas.has(field('oa_id'))) {
      back.searchParams.set('error', 'access_denied');
      return c.redirect(back.toString(), 302);
    }
    const code = state.newCode({ appId: field('app_id'), oaId: field('oa_id'), challenge: field('code_challenge'), redirectUri });
    back.searchParams.set('code', code);
    back.searchParams.set('oa_id', field('oa_id'));
    return c.redirect(back.toString(), 302);
  });

  app.post('/v4/oa/access_token', async (c) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : '');
    const registered = state.apps.get(field('app_id'));
    if (!registered) return c.json(oauthError(-14002, 'Invalid app_id', 'Ứng dụng không tồn tại'));
    if (c.req.header('secret_key') !== registered.secret) return c.json(oauthError(-14003, 'Invalid secret_key', 'Khóa bí mật không đúng'));
    const grant = field('grant_type');
    if (grant === 'authorization_code') {
      const verifier = field('code_verifier');
      const tokens = state.exchangeCode(registered.appId, field('code'), verifier ? pkceChallenge(verifier) : null);
      if (typeof tokens === 'string') {
        return c.json(
          tokens === 'invalid_code_verifier'
            ? oauthError(-14019, 'Invalid code_verifier', 'code_verifier không khớp code_challenge')
            : oauthError(-14008, 'Invalid code', 'Mã xác thực không hợp lệ hoặc đã hết hạn'),
        );
      }
      return c.json(tokens);
    }
    if (grant === 'refresh_token') {
      const tokens = state.refresh(registered.appId, field('refresh_token'));
      if (typeof tokens === 'string')
        return c.json(oauthError(-14014, 'Invalid refresh_token', 'Refresh token không hợp lệ, đã hết hạn hoặc đã được dùng'));
      return c.json(tokens);
    }
    return c.json(oauthError(-14001, 'Invalid grant_type', 'grant_type không hợp lệ'));
  });

  return app;
}
