import { partnersApi, PARTNER_AUTHORIZE_ELSEWHERE_MSG, PARTNER_ROLE_MSG } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { handle } from '../../http/route.js';
import { badRequest, conflict, forbidden, notFound } from '../../http/reply.js';
import { normaliseOrigin, requestOrigin, NOT_A_PARTNER_MSG } from '../../http/origins.js';
import { LOGIN_TYPE_PARTNER, startSession } from '../auth/public.js';
import { chinaTime, one, rows, sql, type Db } from '../../db/index.js';
import type { Module } from '../index.js';
import type { Services } from '../../services.js';
import { logOperatorAction } from '../admin/public.js';

/** Told on the bus after any change, so every node reloads its list of allowed origins at once. */
export const PARTNERS_CHANGED_TOPIC = 'partners.changed';
const RELOAD_EVERY_MS = 60_000;

interface Row {
  id: string;
  name: string;
  origin: string;
  contact: string;
  enabled: boolean;
  created: string;
  updated: string;
}

const item = (r: Row) => ({ bsid: r.id, mc: r.name, origin: r.origin, lxr: r.contact, sfqy: r.enabled ? 1 : 0, cjsj: r.created, gxsj: r.updated });

const columns = sql`id::text as id, name, origin, contact, enabled, ${chinaTime('created_at')} as created, ${chinaTime('updated_at')} as updated`;

const byId = (db: Db, id: string) => one<Row>(db, sql`select ${columns} from partner_sites where id = ${id}`);

const ORIGIN_FORMAT_MSG = '网站地址格式不正确：应为 https://域名 或 https://域名:端口，不含路径、参数和空格';

/** Plain text: control characters would reach headers' neighbours in the log and the console. */
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Keeps `services.origins` equal to the enabled rows; reloads run one after another so an older read never wins. */
function reloader(s: Services) {
  let chain: Promise<void> = Promise.resolve();
  return () => {
    chain = chain.then(async () => {
      const list = await rows<{ origin: string; name: string }>(s.db, sql`select origin, name from partner_sites where enabled`);
      s.origins.setPartners(list);
    }).catch((err) => s.log.error({ err }, 'partner origins reload failed'));
    return chain;
  };
}

const partners: Module = {
  name: 'partners',
  dependencies: [],
  async register(app, s) {
    const reload = reloader(s);
    await reload();
    const unsubscribe = await s.bus.subscribe(PARTNERS_CHANGED_TOPIC, () => void reload());
    // A node that missed a bus message (Redis briefly away) still catches up within a minute.
    const timer = setInterval(() => void reload(), RELOAD_EVERY_MS);
    timer.unref();
    s.onClose(async () => {
      clearInterval(timer);
      await unsubscribe();
    });
    /** This node at once (the operator's next call already sees it), the others through the bus. */
    const changed = async () => {
      await reload();
      await s.bus.publish(PARTNERS_CHANGED_TOPIC, {});
    };

    handle(app, s, partnersApi.adminList, async () => ({
      list: (await rows<Row>(s.db, sql`select ${columns} from partner_sites order by created_at desc, id desc`)).map(item),
    }));

    handle(app, s, partnersApi.adminSave, async ({ body, user }) => {
      const name = body.mc.trim();
      const contact = (body.lxr ?? '').trim();
      if (!name) throw badRequest('请填写网站名称');
      if (CONTROL.test(name)) throw badRequest('网站名称 含有非法字符');
      if (CONTROL.test(contact)) throw badRequest('联系人 含有非法字符');
      const origin = normaliseOrigin(body.origin);
      if (!origin) throw badRequest(ORIGIN_FORMAT_MSG);
      const taken = await one<{ id: string }>(s.db, sql`select id::text as id from partner_sites where origin = ${origin}`);
      if (taken && taken.id !== body.bsid) throw conflict(`该网站地址已登记：${origin}`);

      let row: Row | undefined;
      if (body.bsid) {
        const before = await byId(s.db, body.bsid);
        if (!before) throw notFound('合作网站不存在');
        await s.db.execute(sql`update partner_sites set name = ${name}, origin = ${origin}, contact = ${contact},
            enabled = ${body.sfqy === undefined ? before.enabled : body.sfqy === 1}, updated_at = now()
          where id = ${body.bsid}`);
        row = await byId(s.db, body.bsid);
        await logOperatorAction(s.db, user.id, 'partner.update', body.bsid, { before: item(before), after: item(row!) });
      } else {
        // `on conflict` covers two operators adding the same origin at once.
        const r = await one<{ id: string }>(
          s.db,
          sql`insert into partner_sites (name, origin, contact, enabled) values (${name}, ${origin}, ${contact}, ${body.sfqy !== 0})
              on conflict (origin) do nothing returning id::text as id`,
        );
        if (!r) throw conflict(`该网站地址已登记：${origin}`);
        row = await byId(s.db, r.id);
        await logOperatorAction(s.db, user.id, 'partner.add', r.id, { after: item(row!) });
      }
      await changed();
      return { item: item(row!), msg: body.bsid ? '修改成功' : '新增成功' };
    });

    handle(app, s, partnersApi.adminEnable, async ({ body, user }) => {
      const r = await one<{ id: string }>(
        s.db,
        sql`update partner_sites set enabled = ${body.sfqy === 1}, updated_at = now() where id = ${body.bsid} returning id::text as id`,
      );
      if (!r) throw notFound('合作网站不存在');
      await logOperatorAction(s.db, user.id, body.sfqy ? 'partner.enable' : 'partner.disable', body.bsid);
      await changed();
      return { msg: body.sfqy ? '已启用' : '已停用' };
    });

    handle(app, s, partnersApi.adminDelete, async ({ body, user }) => {
      const before = await byId(s.db, body.bsid);
      if (!before) throw notFound('合作网站不存在');
      await s.db.execute(sql`delete from partner_sites where id = ${body.bsid}`);
      await logOperatorAction(s.db, user.id, 'partner.delete', body.bsid, { before: item(before) });
      await changed();
      return { msg: '已删除' };
    });

    // The login window keeps its opener, which waits for its message and sees it close. Opened
    // from a partner's page (another origin), the site's Cross-Origin-Opener-Policy (same-origin)
    // would cut that tie, so that window goes without; opened from the platform's own pages
    // (which have same-origin themselves) it keeps the site's policy, which then keeps the tie.
    app.addHook('onRequest', async (req, reply) => {
      const [path, query = ''] = req.url.split('?');
      if (path !== SITE_PATHS.loginWindow && path !== `${SITE_PATHS.loginWindow}/`) return;
      const opener = normaliseOrigin(new URLSearchParams(query).get('origin') ?? '');
      if (!opener || !s.origins.isOwn(req, opener)) reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none');
    });

    /** The listed partner site `text` names (normalised), or the refusal the window shows. */
    const listed = (text: string) => {
      const origin = normaliseOrigin(text);
      if (!origin) throw badRequest(ORIGIN_FORMAT_MSG);
      if (!s.origins.isPartner(origin)) throw forbidden(NOT_A_PARTNER_MSG);
      return origin;
    };

    handle(app, s, partnersApi.site, async ({ query }) => {
      const origin = listed(query.origin);
      return { mc: s.origins.nameOf(origin) ?? '', origin };
    });

    // The platform's login window, on the platform's own origin, with the person's full session:
    // the partner page never sees the password or code, only this scoped token for its origin.
    handle(app, s, partnersApi.authorize, async ({ body, req, user }) => {
      const from = requestOrigin(req);
      // A browser sends the Origin of the page that called: only the platform's own window may ask.
      if (!from || !s.origins.isOwn(req, from)) throw forbidden(PARTNER_AUTHORIZE_ELSEWHERE_MSG);
      const origin = listed(body.origin);
      if (user.role === 'xs') throw forbidden(PARTNER_ROLE_MSG);
      const u = await one<{ name: string }>(s.db, sql`select name from users where id = ${user.id}`);
      return startSession(s, req, { id: user.id, role: user.role, phone: user.phone, name: u?.name ?? '' }, LOGIN_TYPE_PARTNER, origin);
    });

    handle(app, s, partnersApi.status, async ({ req }) => {
      const origin = s.origins.partnerOf(req);
      return { partner: origin ? 1 : 0, mc: origin ? (s.origins.nameOf(origin) ?? '') : '' };
    });
  },
};
export default partners;
