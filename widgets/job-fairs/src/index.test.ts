// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { LOGIN_WINDOW_MESSAGE, SESSION_STORAGE_KEY, clearSession } from '@zp/core/session';
import { fairQuery, fairTimeText, pageSizeOf, venueOf, type Fair } from './index.js';

type WidgetElement = HTMLElement & { updateComplete: Promise<boolean> };

// The words of spec section 5, written out here so that a changed text fails.
const NOT_LOGGED_IN_SIGN_UP = '未登录，请您登录后，进行报名。';
const NOT_LOGGED_IN_FAVOURITE = '未登录，请您登录后，进行收藏。';
const RESUME_INCOMPLETE = '请完善简历';
const COMPANY_NOT_APPROVED = '单位信息未审核或审核不通过,请修改单位信息!';

// ---- the HTTP boundary: a fake API behind globalThis.fetch ----

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  token: string | null;
}
let calls: Call[] = [];
let routes: Record<string, (call: Call) => unknown> = {};

const reply = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });

async function fakeFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const request = input instanceof Request ? input : new Request(String(input), init);
  const url = new URL(request.url);
  const text = init.body ? String(init.body) : '';
  const headers = new Headers(init.headers ?? request.headers);
  const call: Call = { method: (init.method ?? request.method).toUpperCase(), path: url.pathname, query: url.searchParams, body: text ? JSON.parse(text) : undefined, token: headers.get('token') };
  calls.push(call);
  const handler = routes[`${call.method} ${call.path}`];
  if (!handler) return reply({ code: 404, msg: `no fake for ${call.method} ${call.path}` }, 404);
  const out = handler(call);
  return out instanceof Response ? out : reply({ code: 0, msg: 'success', ...(out as object) });
}

const LIST = 'GET /api/xs/business/hxxx/queryHxListJs';
const callsTo = (key: string) => calls.filter((c) => `${c.method} ${c.path}` === key);

// ---- fairs relative to now: one per start state ----

const HOUR = 3600_000;
function china(ms: number): string {
  return new Date(ms + 8 * HOUR).toISOString().slice(0, 19).replace('T', ' ');
}
/**
 * Hours from now to 09:00 China time the day after tomorrow: an 8-hour fair starting then ends
 * the same day whenever the test runs (one starting 48 hours from now crossed midnight after 16:00).
 */
function hoursToMorningAfterNext(): number {
  const chinaNow = new Date(Date.now() + 8 * HOUR);
  const nineAm = Date.UTC(chinaNow.getUTCFullYear(), chinaNow.getUTCMonth(), chinaNow.getUTCDate() + 2, 9) - 8 * HOUR;
  return (nineAm - Date.now()) / HOUR;
}
const SOON = hoursToMorningAfterNext();
function fair(id: string, startInHours: number, hours: number, extra: Partial<Fair> = {}): Fair {
  const start = Date.now() + startInHours * HOUR;
  return {
    hxid: id, hymc: `招聘会${id}`, hykssj: china(start), hyjssj: china(start + hours * HOUR), sfxs: 2, hylx: '', hydd: '武汉国际博览中心 A 馆',
    sf: '420000', csdm: '420100', zbdw: '', cbdw: '', ifks: 1, sfsc: 0, sfbm: 0, chqys: 12, gwfbs: 345, ...extra,
  };
}
const page = (list: Fair[], totalPage = 1) => ({ page: { list, totalCount: list.length * totalPage, totalPage, currPage: 1, pageSize: 12 } });

// ---- the page ----

const flush = () => new Promise((r) => setTimeout(r, 0));
async function until<T>(find: () => T | null | undefined | false, what = 'condition'): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const found = find();
    if (found) return found;
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const shadow = (el: Element) => el.shadowRoot!;
const cards = (el: Element) => [...shadow(el).querySelectorAll<HTMLElement>('.jf-card:not(.jf-skeleton)')];
const card = (el: Element, hxid: string) => shadow(el).querySelector<HTMLElement>(`.jf-card[data-hxid="${hxid}"]`)!;
const overlay = () => document.querySelector('zp-overlays')?.shadowRoot ?? null;
const toasts = () => [...(overlay()?.querySelectorAll('.zp-message') ?? [])].map((n) => n.textContent);
const confirmBox = () => overlay()?.querySelector<HTMLElement>('[role="alertdialog"]') ?? null;
function answer(box: HTMLElement, ok: boolean) {
  const buttons = [...box.querySelectorAll<HTMLButtonElement>('.zp-dialog__footer button')];
  (ok ? buttons[buttons.length - 1] : buttons[0]).click();
}

async function mount(attrs = ''): Promise<WidgetElement> {
  document.body.insertAdjacentHTML('beforeend', `<zp-job-fairs ${attrs}></zp-job-fairs>`);
  const el = document.body.lastElementChild as WidgetElement;
  await el.updateComplete;
  await until(() => !shadow(el).querySelector('.jf-skeleton'), 'the list');
  return el;
}

function logIn(roleId: 'qz' | 'hr' | 'xs', userId = '7') {
  const session = { token: `tok-${roleId}-${userId}`.padEnd(32, 'x'), userId, roleId, userName: '李明', phone: '13800000001', avatar: '', expiresAt: Date.now() + 2 * HOUR, renewAt: Date.now() + HOUR };
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: JSON.stringify(session) }));
}

let assign: ReturnType<typeof vi.fn>;
let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  calls = [];
  routes = {
    [LIST]: () => page([fair('1', SOON, 8, { hylx: 'yh_003' }), fair('2', -1, 8, { sfxs: 1, hydd: '' }), fair('3', -72, 8)]),
    'GET /api/hr/dm/findDmMap': () => ({ dmMap: { m_hyktdm: { yh_003: '线下综合招聘会' } } }),
  };
  vi.stubGlobal('fetch', fakeFetch);
  assign = vi.fn();
  // Where the rules send the person (the platform's résumé or enterprise page): recorded, not followed.
  vi.spyOn(window.location, 'assign').mockImplementation(assign as never);
  // From a partner page the platform's page opens in a new tab: recorded, not opened.
  open = vi.fn(() => ({ opener: window }));
  vi.spyOn(window, 'open').mockImplementation(open as never);
  clearSession();
});
afterEach(async () => {
  document.body.replaceChildren();
  await flush();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('<zp-job-fairs> list', () => {
  test('renders the cards from the API reply, in its shadow root only', async () => {
    const el = await mount('api-base="https://zp.example.com"');
    expect(cards(el)).toHaveLength(3);
    expect(el.children).toHaveLength(0);
    expect(document.querySelector('.jf-card')).toBeNull();
    const first = card(el, '1');
    expect(first.querySelector('.jf-name')!.textContent).toBe('招聘会1');
    expect(first.querySelector('.jf-place')!.textContent).toContain('武汉国际博览中心 A 馆');
    expect(first.querySelector('.jf-time time')!.textContent).toMatch(/\d+月\d+日 \d{2}:\d{2}–\d{2}:\d{2}/);
    // Beijing's times, said so for readers abroad; the datetime is an ISO moment in any zone.
    expect(first.querySelector('.jf-zone')!.textContent).toBe('（北京时间）');
    expect(first.querySelector('.jf-time time')!.getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
    expect(first.querySelector('.jf-figures')!.textContent).toBe('参会单位 12 · 岗位 345');
    // The kind's name from the code table (asked once per page), none for a fair without a kind.
    await until(() => first.querySelector('.jf-tag--kind'), 'the kind tag');
    expect(first.querySelector('.jf-tag--kind')!.textContent).toBe('线下综合招聘会');
    expect(card(el, '2').querySelector('.jf-tag--kind')).toBeNull();
    expect(card(el, '2').querySelector('.jf-place')!.textContent).toContain('线上招聘会');
    // Each card leads to the hall on the platform's site, in a new tab, with the state computed here.
    const link = first.querySelector<HTMLAnchorElement>('a.jf-name')!;
    expect(link.getAttribute('href')).toBe('https://zp.example.com/zppc/public/meetinghall/1/1');
    expect(link.target).toBe('_blank');
    expect(card(el, '2').querySelector('a.jf-name')!.getAttribute('href')).toBe('https://zp.example.com/zppc/public/meetinghall/2/2');
  });

  test('the ifks button: 立即报名 before the start, 进入会场 (a link to the hall) while on, 已结束 after; 已报名 once signed up', async () => {
    routes[LIST] = () => page([fair('1', SOON, 8), fair('2', -1, 8), fair('3', -72, 8), fair('4', 24, 8, { sfbm: 1 })]);
    const el = await mount();
    const action = (id: string) => card(el, id).querySelector('.jf-actions > :first-child')!;
    expect(action('1').tagName).toBe('BUTTON');
    expect(action('1').textContent).toBe('立即报名');
    expect(action('2').tagName).toBe('A');
    expect(action('2').textContent).toBe('进入会场');
    expect(action('2').getAttribute('aria-label')).toBe(`进入会场：${card(el, '2').querySelector('.jf-name')!.textContent}`);
    expect(action('3').textContent).toBe('已结束');
    expect(action('3').getAttribute('aria-disabled')).toBe('true');
    expect(action('4').textContent).toBe('已报名');
    // While on, the button is the way in: no second 进入会场 link beside it.
    expect(card(el, '2').querySelector('.jf-enter')).toBeNull();
    expect(card(el, '1').querySelector('.jf-enter')).not.toBeNull();
    expect(card(el, '1').querySelector('.jf-state-tag')!.textContent).toBe('未开始');
    expect(card(el, '2').querySelector('.jf-state-tag')!.textContent).toBe('进行中');
    expect(card(el, '3').dataset.ifks).toBe('3');
  });

  test('city, type, month, mode and page-size reach the list call; tabs and paging change it', async () => {
    routes[LIST] = (c) => page([fair(`p${c.query.get('page')}`, 48, 8)], 3);
    const el = await mount('city="420100" type="yh_001" month="2026-12" mode="offline" page-size="5"');
    const q = callsTo(LIST).at(-1)!.query;
    expect(Object.fromEntries(q)).toEqual({ page: '1', limit: '5', sfxs: '2', pxfs: '1', hysf: '420100', hylx: 'yh_001', kssj: '2026-12-01 00:00:00', jssj: '2026-12-01 00:00:00' });
    const tabs = [...shadow(el).querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs.map((t) => [t.textContent, t.getAttribute('aria-selected')])).toEqual([['线上招聘会', 'false'], ['线下招聘会', 'true']]);

    shadow(el).querySelector<HTMLButtonElement>('.jf-pager button[aria-label="下一页"]')!.click();
    await until(() => card(el, 'p2'), 'page 2');
    expect(callsTo(LIST).at(-1)!.query.get('page')).toBe('2');
    expect(shadow(el).querySelector('.jf-pager__at')!.textContent).toBe('第 2 / 3 页');

    tabs[0].click();
    await until(() => callsTo(LIST).at(-1)!.query.get('sfxs') === '1' && card(el, 'p1'), 'the online tab');
    expect(callsTo(LIST).at(-1)!.query.get('page')).toBe('1');
  });

  test('malformed filters are left out rather than sent', async () => {
    await mount('city="42 01; drop" month="2026-13" page-size="many"');
    expect(Object.fromEntries(callsTo(LIST).at(-1)!.query)).toEqual({ page: '1', limit: '12', sfxs: '1', pxfs: '1' });
  });

  test('empty and error states; 重试 asks again', async () => {
    routes[LIST] = () => page([]);
    const el = await mount();
    expect(shadow(el).querySelector('.jf-empty')!.textContent).toBe('暂无招聘会');

    routes[LIST] = () => reply({ code: 500, msg: '服务繁忙，请稍后再试' }, 500);
    const broken = await mount();
    expect(shadow(broken).querySelector('[role="alert"]')!.textContent).toContain('服务繁忙，请稍后再试');
    routes[LIST] = () => page([fair('9', 48, 8)]);
    shadow(broken).querySelector<HTMLButtonElement>('.jf-state--error button')!.click();
    await until(() => card(broken, '9'), 'the retried list');
  });

  test('compact layout and theme colour', async () => {
    const el = await mount('compact theme-color="#0a7d5a"');
    expect(shadow(el).querySelector('.jf')!.classList.contains('jf--compact')).toBe(true);
    expect(shadow(el).querySelector('.jf-figures')).toBeNull();
    // No room beside each time: the list says once that its times are Beijing's.
    expect(shadow(el).querySelector('.jf-zone-note')!.textContent).toBe('以上时间均为北京时间');
    const root = shadow(el).querySelector<HTMLElement>('[part="root"]')!;
    expect(root.style.getPropertyValue('--zp-color-primary')).toBe('#0a7d5a');
    // The styles use the property for the primary button.
    const css = [...shadow(el).adoptedStyleSheets].flatMap((s) => [...s.cssRules].map((r) => r.cssText)).join('\n');
    expect(css).toMatch(/\.jf-btn--primary\s*\{[^}]*background: var\(--zp-color-primary\)/);
    const plain = await mount();
    expect(shadow(plain).querySelector('.jf')!.classList.contains('jf--compact')).toBe(false);
    expect(shadow(plain).querySelector('.jf-zone-note')).toBeNull();
  });

  test('locale formats dates and numbers with Intl; unknown locales fall back to zh-CN', async () => {
    routes[LIST] = () => page([fair('1', SOON, 8, { gwfbs: 12345 })]);
    const el = await mount('locale="en-US"');
    expect(card(el, '1').querySelector('time')!.textContent).toMatch(/^[A-Z][a-z]{2} \d+, \d{2}:\d{2}–\d{2}:\d{2}$/);
    expect(card(el, '1').querySelector('.jf-figures')!.textContent).toContain('12,345');
    expect(fairTimeText('2026-11-22 09:00:00', '2026-11-23 17:00:00', 'zh-CN', Date.UTC(2026, 0, 1))).toBe('11月22日 09:00 – 11月23日 17:00');
    expect(fairTimeText('2027-01-05 09:00:00', '2027-01-05 17:00:00', 'zh-CN', Date.UTC(2026, 0, 1))).toBe('2027年1月5日 09:00–17:00');
  });

  test('partner CSS does not reach inside and the widget CSS does not leak out', async () => {
    const hostile = document.createElement('style');
    hostile.textContent = '* { font-size: 40px !important; color: red } .jf-card { display: none }';
    document.head.append(hostile);
    document.body.insertAdjacentHTML('beforeend', '<p class="jf-name" id="outside">page</p>');
    const el = await mount();
    expect(getComputedStyle(card(el, '1')).display).not.toBe('none');
    expect(getComputedStyle(document.getElementById('outside')!).fontWeight).not.toBe('600');
    const headCss = [...document.querySelectorAll('style')].filter((s) => s !== hostile).map((s) => s.textContent).join('');
    expect(headCss).not.toContain('.jf-card');
    hostile.remove();
  });
});

describe('sign-up and favourite: the rules of spec section 5', () => {
  beforeEach(() => {
    routes['GET /api/qz/qzgrjbxx/myBaseInfo'] = () => ({ qzGrjbxxBase: { wsd: 80, xm: '李明', phone: '13800000001', xbm: 'xb_001', txid: '' } });
    routes['POST /api/qz/bsrcbmxx/hxBmMore'] = () => ({});
    routes['GET /api/hr/qydwhrxx/getDwShzt'] = () => ({ shzt: 0 });
    routes['POST /api/hr/bsdwbmxx/addBmhxxMore'] = () => ({});
    routes['POST /api/qz/jobFairFavorite/favoriteMore'] = () => ({});
    routes['POST /api/qz/jobFairFavorite/Unfavorite'] = () => ({});
  });
  const signUpButton = (el: Element, id = '1') => card(el, id).querySelector<HTMLButtonElement>('button.jf-btn--primary')!;

  test('logged out: the confirm, whose OK opens the platform\'s login window; logged in there it signs up with the seeker call', async () => {
    const el = await mount();
    signUpButton(el).click();
    const box = await until(confirmBox, 'the confirm');
    expect(box.textContent).toContain(NOT_LOGGED_IN_SIGN_UP);
    answer(box, true);

    const dialog = await until(() => shadow(el).querySelector<HTMLElement>('.zp-login[role="dialog"]'), 'the login prompt');
    expect(dialog.querySelector('h2')!.textContent).toBe('登录后报名');
    // Nothing to type here: the password or code goes into the platform's window only.
    expect(dialog.querySelectorAll('input')).toHaveLength(0);
    await until(() => open.mock.calls.length, 'the login window');
    const target = new URL(open.mock.calls[0][0] as string);
    expect(target.pathname).toBe('/zppc/partner/login');
    expect(target.searchParams.get('origin')).toBe(window.location.origin);
    // The window answers this page's state with the person's token, as /zppc/partner/login does.
    const grant = { token: 'n'.repeat(32), expiresIn: 3600, userId: '7', roleId: 'qz', userName: '李明', phone: '13800000001' };
    window.dispatchEvent(
      new MessageEvent('message', { origin: target.origin, source: open.mock.results[0].value as Window, data: { type: LOGIN_WINDOW_MESSAGE, state: target.searchParams.get('state'), grant } }),
    );

    await until(() => callsTo('POST /api/qz/bsrcbmxx/hxBmMore').length, 'the sign-up call');
    expect(callsTo('POST /api/sec/pc/logonQz')).toHaveLength(0);
    expect(callsTo('POST /api/qz/bsrcbmxx/hxBmMore')[0].body).toEqual(['1']);
    expect(callsTo('POST /api/qz/bsrcbmxx/hxBmMore')[0].token).toBe('n'.repeat(32));
    await until(() => card(el, '1').querySelector('.jf-btn--done')?.textContent === '已报名', '已报名');
    await until(() => toasts().includes('报名成功'), '报名成功');
    expect(shadow(el).querySelector('.zp-login')).toBeNull();
    // The list was asked again with the token, for this person's marks.
    expect(callsTo(LIST).at(-1)!.token).toBe('n'.repeat(32));
  });

  test('logged out, the confirm cancelled: no login, no call', async () => {
    const el = await mount();
    signUpButton(el).click();
    answer(await until(confirmBox, 'the confirm'), false);
    await flush();
    expect(shadow(el).querySelector('.zp-login')).toBeNull();
    expect(callsTo('POST /api/qz/bsrcbmxx/hxBmMore')).toHaveLength(0);
  });

  test('a seeker whose résumé is under 60 %: 请完善简历, then the résumé page on the platform in a new tab after 0.5 s', async () => {
    routes['GET /api/qz/qzgrjbxx/myBaseInfo'] = () => ({ qzGrjbxxBase: { wsd: 40, xm: '李明', phone: '13800000001', xbm: 'xb_001', txid: '' } });
    logIn('qz');
    const el = await mount('api-base="https://zp.example.com"');
    signUpButton(el).click();
    await until(() => toasts().includes(RESUME_INCOMPLETE), RESUME_INCOMPLETE);
    expect(open).not.toHaveBeenCalled();
    await until(() => open.mock.calls.length, 'the new tab');
    expect(open).toHaveBeenCalledWith('https://zp.example.com/zppc/private/resume', '_blank');
    expect(open.mock.results[0].value.opener).toBeNull(); // the platform's page gets no handle on the partner's
    expect(assign).not.toHaveBeenCalled(); // the partner's page stays
    expect(callsTo('POST /api/qz/bsrcbmxx/hxBmMore')).toHaveLength(0);
  });

  test("where a blocker refuses the new tab, the platform's page opens in this one", async () => {
    routes['GET /api/qz/qzgrjbxx/myBaseInfo'] = () => ({ qzGrjbxxBase: { wsd: 40, xm: '李明', phone: '13800000001', xbm: 'xb_001', txid: '' } });
    open.mockImplementation(() => null);
    logIn('qz');
    const el = await mount('api-base="https://zp.example.com"');
    signUpButton(el).click();
    await until(() => assign.mock.calls.length, 'the redirect');
    expect(assign).toHaveBeenCalledWith('https://zp.example.com/zppc/private/resume');
  });

  test('an HR whose enterprise is not approved: the approval confirm, OK leads to the enterprise page', async () => {
    logIn('hr');
    const el = await mount('api-base="https://zp.example.com"');
    signUpButton(el).click();
    const box = await until(confirmBox, 'the confirm');
    expect(box.textContent).toContain(COMPANY_NOT_APPROVED);
    answer(box, true);
    await until(() => open.mock.calls.length, 'the new tab');
    expect(open).toHaveBeenCalledWith('https://zp.example.com/zppc/enter_home/enter_info', '_blank');
    expect(callsTo('POST /api/hr/bsdwbmxx/addBmhxxMore')).toHaveLength(0);
  });

  test('an approved HR signs the enterprise up with the HR call; one more enterprise shows', async () => {
    routes['GET /api/hr/qydwhrxx/getDwShzt'] = () => ({ shzt: 1 });
    logIn('hr');
    const el = await mount();
    signUpButton(el).click();
    await until(() => card(el, '1').querySelector('.jf-btn--done'), '已报名');
    expect(callsTo('POST /api/hr/bsdwbmxx/addBmhxxMore')[0].body).toEqual(['1']);
    expect(card(el, '1').querySelector('.jf-figures')!.textContent).toBe('参会单位 13 · 岗位 345');
  });

  test('a refusal from the server is shown with its words', async () => {
    routes['POST /api/qz/bsrcbmxx/hxBmMore'] = () => reply({ code: 1, msg: '您已报名该招聘会' });
    logIn('qz');
    const el = await mount();
    signUpButton(el).click();
    await until(() => toasts().includes('您已报名该招聘会'), 'the refusal');
    expect(signUpButton(el).textContent).toBe('立即报名');
  });

  test('favourite: logged out asks to log in; a seeker toggles ☆ 收藏 / ★ 已收藏 with the seeker calls', async () => {
    const el = await mount();
    const fav = () => card(el, '1').querySelector<HTMLButtonElement>('.jf-fav')!;
    expect(fav().textContent).toBe('☆收藏');
    fav().click();
    const box = await until(confirmBox, 'the confirm');
    expect(box.textContent).toContain(NOT_LOGGED_IN_FAVOURITE);
    answer(box, false);
    await until(() => !confirmBox(), 'the confirm closing');

    logIn('qz');
    await until(() => callsTo(LIST).at(-1)!.token, 'the list with the token');
    await until(() => card(el, '1'), 'the list');
    await new Promise((r) => setTimeout(r, 1500)); // the duplicate-click guard of spec section 5
    fav().click();
    await until(() => fav().getAttribute('aria-pressed') === 'true', '★');
    expect(fav().textContent).toBe('★已收藏');
    expect(callsTo('POST /api/qz/jobFairFavorite/favoriteMore')[0].body).toEqual(['1']);
    await until(() => toasts().includes('收藏成功'), '收藏成功');

    await new Promise((r) => setTimeout(r, 1500)); // the duplicate-click guard of spec section 5
    fav().click();
    await until(() => fav().getAttribute('aria-pressed') === 'false', '☆');
    expect(callsTo('POST /api/qz/jobFairFavorite/Unfavorite')[0].query.get('hxid')).toBe('1');
  });

  test('logged in, the header names the person and 退出 logs out the page\'s one session', async () => {
    routes['POST /api/sec/pc/logout'] = () => ({});
    logIn('qz');
    const el = await mount('api-base="https://zp.example.com"');
    expect(shadow(el).querySelector('.jf-user__name')!.textContent).toBe('李明');
    shadow(el).querySelector<HTMLButtonElement>('.jf-user .jf-link')!.click();
    await until(() => shadow(el).querySelector('button.jf-user')?.textContent === '登录', 'the logged-out header');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(callsTo('POST /api/sec/pc/logout')).toHaveLength(1);
    // 登录 opens the same prompt without an action, and the platform's login window.
    shadow(el).querySelector<HTMLButtonElement>('button.jf-user')!.click();
    const dialog = await until(() => shadow(el).querySelector('.zp-login'), 'the login prompt');
    expect(dialog.querySelector('h2')!.textContent).toBe('登录平台账号');
    await until(() => open.mock.calls.length, 'the login window');
    expect(new URL(open.mock.calls[0][0] as string).origin + new URL(open.mock.calls[0][0] as string).pathname).toBe('https://zp.example.com/zppc/partner/login');
  });

  test('the operator sees neither sign-up nor favourite', async () => {
    logIn('xs');
    const el = await mount();
    expect(card(el, '1').querySelector('button.jf-btn--primary')).toBeNull();
    expect(card(el, '1').querySelector('.jf-fav')).toBeNull();
  });
});

describe('attribute parsing', () => {
  test('venue, page size and the query', () => {
    expect([venueOf('offline'), venueOf('2'), venueOf('online'), venueOf(undefined), venueOf('x')]).toEqual([2, 2, 1, 1, 1]);
    expect([pageSizeOf('5'), pageSizeOf('0'), pageSizeOf('500'), pageSizeOf(undefined)]).toEqual([5, 12, 50, 12]);
    expect(fairQuery({ venue: 1, pageSize: 12 }, 3)).toEqual({ page: 3, limit: 12, sfxs: 1, pxfs: 1 });
  });
});
