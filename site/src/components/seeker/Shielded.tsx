import { api } from '@zp/core/session';
import { relationsApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { confirm, message, withLoading, toastError } from '@zp/ui';
import { GuardedButton } from '../common/ClickGuard';
import EmptyState from '../common/EmptyState';
import { paths } from '../../lib/paths';
import { useLoad } from '../../lib/load';
import { afterGuard } from './AfterGuard';
import { nameOf, useCodes } from './codes';
import { CompanyFinder, type FoundCompany } from './CompanyFinder';

type Shield = C.Reply<typeof C.relationsApi.shielded>['pbdwList'][number];

/** shield_company: enterprises whose HR cannot find me in talent search. */
function Shielded() {
  const codes = useCodes();
  const loaded = useLoad(() => api.call(relationsApi.shielded).then((r): Shield[] => r.pbdwList), [], { toast: true });
  const list = loaded.data ?? null;
  const load = loaded.reload;

  const add = async (c: FoundCompany) => {
    try {
      await withLoading(api.call(relationsApi.shield, { params: { dwid: c.dwid }, method: 'POST' }));
      message.success(`已屏蔽「${c.dwmc}」`);
      await load();
    } catch (err) {
      toastError(err);
    }
  };
  const remove = async (s: Shield) => {
    if (!(await confirm({ message: `确定取消屏蔽「${s.dwmc}」吗？取消后该单位的 HR 可以在人才搜索中看到你的简历。`, confirmText: '取消屏蔽' }))) return;
    try {
      await withLoading(api.call(relationsApi.unshield, { params: { dwid: s.dwid }, method: 'POST' }));
      message.success('已取消屏蔽');
      await load();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div>
      <p className="sk-alert sk-alert--info">屏蔽后，该单位的 HR 在人才搜索中将看不到你的简历（你主动投递的职位不受影响）。</p>
      <section aria-labelledby="sk-shield-add" className="sk-block">
        <h2 className="sk-block__title" id="sk-shield-add">
          添加屏蔽单位
        </h2>
        <CompanyFinder action={add} actionLabel="屏蔽" disabledIds={new Set((list ?? []).map((s) => s.dwid))} placeholder="输入单位名称，如：当前就职的公司" />
        <p className="sk-muted sk-small">可搜索到有在招职位的单位。</p>
      </section>
      <section aria-labelledby="sk-shield-list" className="sk-block">
        <h2 className="sk-block__title" id="sk-shield-list">
          已屏蔽的单位{list ? `（${list.length}）` : ''}
        </h2>
        {list === null ? (
          <p className="sk-muted">加载中…</p>
        ) : list.length === 0 ? (
          <EmptyState text="暂无屏蔽的单位" />
        ) : (
          <ul className="sk-list">
            {list.map((s) => (
              <li className="sk-row" key={s.dwid}>
                <div className="sk-row__main">
                  <p className="sk-row__title">
                    <a href={paths.company(s.dwid)}>{s.dwmc}</a>
                  </p>
                  {s.dwszcs ? <p className="sk-row__meta">{nameOf(codes, s.dwszcs)}</p> : null}
                </div>
                <GuardedButton variant="text" onClick={() => remove(s)}>
                  取消屏蔽
                </GuardedButton>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default afterGuard(Shielded);
