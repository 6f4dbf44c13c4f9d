/**
 * The sign-in screen as plain HTML, sent with index.html for a first visit to /login.
 *
 * Why: a phone on a slow network sees nothing until the app's JavaScript (about 160 kB) has
 * arrived and run — 2.7 s of blank screen under Lighthouse's mobile throttling. This copy of the
 * screen's frame paints as soon as the HTML and CSS are in. It is an overlay (fixed, above #root)
 * that takes no input (`inert`, hidden from assistive technology): the real form renders beneath
 * it and removes it when mounted (src/app/login-shell.ts), so nothing shifts and nothing typed is
 * lost. Sizes follow LoginLayout and LoginForm (Mantine: container lg with md padding, Paper lg
 * radius, Title order 2, Text sm dimmed, inputs 45 px); the help-desk texts come from
 * contract/auth-help-desk.ts like the layout's, the form's are checked by the sign-in browser test.
 * The app's scripts are asked for once the frame is on screen (APP_LOADER): the frame needs only
 * the HTML and the CSS. Fetched with the HTML, even at low priority, the scripts shared the network
 * with that CSS, and their evaluation held the first paint on a slow phone; Lighthouse's simulation
 * counted their download in the largest paint (1.7–2.15 s with the frame painted at 0.78 s).
 * Visits served by the service worker get plain index.html: the app is local by then.
 */
import { createHash } from 'node:crypto';
import { HELP_DESK, PRODUCT_TAGLINE } from '@contract/auth-help-desk';

/** The app theme's font stack (src/app/theme.ts says why). */
const FONT = '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

const STYLE = `
#login-shell{position:fixed;inset:0;z-index:1000;overflow:hidden;background:#f8f9fa;padding:16px 0;font-family:${FONT};color:#000;line-height:1.55;-webkit-text-size-adjust:100%}
#login-shell *{box-sizing:border-box;margin:0}
#login-shell .ls-grid{max-width:1140px;margin:0 auto;padding:0 16px;display:grid;grid-template-columns:1fr;gap:32px}
#login-shell .ls-card{background:#fff;border:1px solid #dee2e6;border-radius:16px;padding:16px;display:flex;flex-direction:column;gap:16px}
#login-shell .ls-help{padding:16px;display:flex;flex-direction:column;gap:16px}
#login-shell h2{font-size:26px;line-height:1.35;font-weight:700}
#login-shell .ls-dim{color:#495057}
#login-shell .ls-sm{font-size:14px}
#login-shell .ls-label{font-size:16px;font-weight:600;line-height:1.2}
#login-shell .ls-label b{color:#fa5252;font-weight:600}
#login-shell .ls-input{height:45px;border:1px solid #ced4da;border-radius:8px;background:#fff;margin-top:4px;padding:0 14px;display:flex;align-items:center;color:#adb5bd}
#login-shell .ls-row{display:flex;justify-content:space-between;align-items:center;font-size:14px}
#login-shell .ls-check{display:inline-block;width:20px;height:20px;border-radius:4px;background:#087f5b;vertical-align:middle;margin-right:12px}
#login-shell .ls-contact{display:flex;flex-direction:column;gap:10px;margin-top:16px;font-size:14px}
#login-shell .ls-contact b{font-size:16px;font-weight:600}
#login-shell .ls-link{color:#087f5b}
#login-shell .ls-button{height:42px;border-radius:8px;background:#087f5b;color:#fff;font-weight:600;display:flex;align-items:center;justify-content:center}
@media (min-width:48em){#login-shell{padding:60px 0}#login-shell .ls-grid{grid-template-columns:1fr 1fr}#login-shell .ls-card,#login-shell .ls-help{padding:32px}}
`;

const MARKUP = `<div id="login-shell" inert aria-hidden="true"><style>${STYLE.trim()}</style><div class="ls-grid">
<div class="ls-card">
<div><h2>Đăng nhập</h2><p class="ls-dim ls-sm">Dùng số điện thoại đã đăng ký để đăng nhập.</p></div>
<div><p class="ls-label">Số điện thoại <b>*</b></p><div class="ls-input">Nhập số điện thoại</div></div>
<div><p class="ls-label">Mật khẩu <b>*</b></p><div class="ls-input">Nhập mật khẩu</div></div>
<div class="ls-row"><span><span class="ls-check"></span>Ghi nhớ mật khẩu</span><span class="ls-link">Quên mật khẩu?</span></div>
<div class="ls-button">Đăng nhập</div>
</div>
<div class="ls-help"><h2 style="color:#087f5b">Sales Field</h2><p class="ls-dim">${PRODUCT_TAGLINE}</p>
<div class="ls-contact"><b>Cần hỗ trợ?</b><span>Tổng đài: <span class="ls-link">${HELP_DESK.phone}</span></span><span>Email: <span class="ls-link">${HELP_DESK.email}</span></span><span>Giờ làm việc: ${HELP_DESK.hours}</span></div></div>
</div></div>`;

/**
 * Adds the entry script and its module preloads (named in the JSON block #login-app) once the
 * browser reports the first contentful paint, which it does when that frame is shown. A hidden page
 * paints nothing, and a browser without paint timing reports nothing: they load at once, and a timer
 * ends any wait. Inline, so it needs no request of its own; the Content-Security-Policy allows it by
 * its hash (LOGIN_LOADER_HASH), and nothing else inline.
 */
const APP_LOADER = `(function(){var d=document,P=window.PerformanceObserver,started=false;
function start(){if(started)return;started=true;var files=JSON.parse(d.getElementById('login-app').textContent);
files.preload.forEach(function(href){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=href;d.head.appendChild(l)});
var s=d.createElement('script');s.type='module';s.crossOrigin='';s.src=files.entry;d.head.appendChild(s)}
if(d.visibilityState==='hidden'||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf('paint')<0)return start();
new P(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true});
setTimeout(start,3000)})()`;

/** The CSP source that lets APP_LOADER run (server/lib/security-headers.ts). */
export const LOGIN_LOADER_HASH = `'sha256-${createHash('sha256').update(APP_LOADER).digest('base64')}'`;

const ENTRY = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;
const PRELOAD = /<link rel="modulepreload" crossorigin href="(\/assets\/[\w.-]+\.js)">/g;

/** index.html with the sign-in frame painted before the app runs, and the app loaded after it. */
export function withLoginShell(indexHtml: string): string {
  const withFrame = indexHtml.replace('<div id="root"></div>', `${MARKUP}<div id="root"></div>`);
  const entry = ENTRY.exec(indexHtml)?.[1];
  // A head the build did not write (none is served) keeps its tags: the frame, then the app at once.
  if (!entry) return withFrame;
  const preload = [...indexHtml.matchAll(PRELOAD)].map((match) => match[1]!);
  const files = JSON.stringify({ entry, preload });
  return withFrame
    .replace(PRELOAD, '')
    .replace(ENTRY, `<script type="application/json" id="login-app">${files}</script><script>${APP_LOADER}</script>`);
}
