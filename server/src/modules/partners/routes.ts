/**
 * The partners module's routes: the operator's list of partner sites and the platform's login
 * window that issues them scoped tokens. Handlers only; the rules are in the use cases, the SQL
 * in repo.ts.
 */
import { partnersApi } from '@zp/core/contract';
import { SITE_PATHS } from '@zp/core/fairs';
import { handle } from '../../http/route.js';
import { normaliseOrigin } from '../../http/origins.js';
import type { Module } from '../order.js';
import { authorizePartner } from './authorize-partner.js';
import { enablePartner } from './enable-partner.js';
import { listedOrigin } from './partner-origin.js';
import { PARTNERS_CHANGED_TOPIC, reloader } from './reload-origins.js';
import { removePartner } from './remove-partner.js';
import { allPartners, item } from './repo.js';
import { savePartner } from './save-partner.js';

export { PARTNERS_CHANGED_TOPIC } from './reload-origins.js';

const RELOAD_EVERY_MS = 60_000;

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
      list: (await allPartners(s.db)).map(item),
    }));

    handle(app, s, partnersApi.adminSave, async ({ body, user }) => {
      const row = await savePartner(s, user.id, body);
      await changed();
      return { item: item(row), msg: body.bsid ? '修改成功' : '新增成功' };
    });

    handle(app, s, partnersApi.adminEnable, async ({ body, user }) => {
      await enablePartner(s, user.id, body.bsid, body.sfqy);
      await changed();
      return { msg: body.sfqy ? '已启用' : '已停用' };
    });

    handle(app, s, partnersApi.adminDelete, async ({ body, user }) => {
      await removePartner(s, user.id, body.bsid);
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

    handle(app, s, partnersApi.site, async ({ query }) => {
      const origin = listedOrigin(s, query.origin);
      return { mc: s.origins.nameOf(origin) ?? '', origin };
    });

    handle(app, s, partnersApi.authorize, async ({ body, req, user }) => authorizePartner(s, req, user, body.origin));

    handle(app, s, partnersApi.status, async ({ req }) => {
      const origin = s.origins.partnerOf(req);
      return { partner: origin ? 1 : 0, mc: origin ? (s.origins.nameOf(origin) ?? '') : '' };
    });
  },
};
export default partners;
