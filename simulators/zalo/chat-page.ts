/**
 * `__sim/chat`: the demo's stand-in for a Zalo user's phone. Pick one of the OA's people, read what
 * the OA sent them (customer-service replies, ZNS) and write to the OA; the message reaches the
 * app through its webhook, as a real one would.
 */
import type { SimMessage, SimOa } from './world';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function chatPage(oa: SimOa, messages: readonly SimMessage[], userId: string | null): string {
  const users = [...oa.users.values()];
  const chosen = users.find((user) => user.userId === userId) ?? users[0];
  const thread = chosen
    ? messages.filter(
        (message) =>
          message.oaId === oa.oaId &&
          (message.userId === chosen.userId || (chosen.phone && message.phone === `84${chosen.phone.slice(1)}`)),
      )
    : [];
  const options = users
    .map((user) => `<option value="${escape(user.userId)}"${user === chosen ? ' selected' : ''}>${escape(user.displayName)}</option>`)
    .join('');
  const lines = thread
    .slice(-30)
    .map((message) => {
      const mine = message.kind === 'user';
      const label = message.kind === 'zns' ? 'ZNS: ' : '';
      return `<p class="${mine ? 'me' : 'oa'}">${escape(label + message.text)}${message.templateData ? `<br><small>${escape(JSON.stringify(message.templateData))}</small>` : ''}</p>`;
    })
    .join('');
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Trình giả lập Zalo – ${escape(oa.name)}</title><style>
body{font-family:system-ui,sans-serif;background:#eef3fb;margin:0;padding:16px}main{max-width:480px;margin:0 auto;background:#fff;border-radius:12px;padding:16px}
p{padding:8px 12px;border-radius:12px;max-width:80%;margin:6px 0}.me{background:#d8e8ff;margin-left:auto}.oa{background:#f1f3f5}
form{display:flex;gap:8px;margin-top:12px}input[name=text]{flex:1;padding:8px}select{padding:6px}button{background:#0068ff;color:#fff;border:0;border-radius:8px;padding:8px 14px}
</style></head><body><main><h3>${escape(oa.name)} – trò chuyện như người dùng Zalo</h3>
<form method="get" action="chat"><input type="hidden" name="oa_id" value="${escape(oa.oaId)}"><select name="user_id" onchange="this.form.submit()">${options}</select><button>Chọn</button></form>
<div>${lines || '<p class="oa">Chưa có tin nhắn.</p>'}</div>
<form method="post" action="users/send"><input type="hidden" name="oa_id" value="${escape(oa.oaId)}"><input type="hidden" name="user_id" value="${escape(chosen?.userId ?? '')}">
<input name="text" placeholder="Nhập tin nhắn gửi OA…" required><button>Gửi</button></form></main></body></html>`;
}
