/**
 * /zppc/admin/partners: the partner sites whose pages may embed the widgets. Only an enabled
 * site's pages may call the platform (every node applies a change at once); a login made there
 * gets a partner token limited to what the widgets need.
 */
import { useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { partnersApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { CardActions } from './CardActions';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit, type BodyOf, type ReplyOf } from '../console/lib';
import { Field, ListState, Tag, FormDialog } from '../console/ui';

type Row = ReplyOf<typeof partnersApi.adminList>['list'][number];
type Input = BodyOf<typeof partnersApi.adminSave>;

/** The same shape the server accepts (it normalises and checks again): scheme://host[:port], nothing after. */
const ORIGIN = /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/;

function PartnerDialog({ partner, onClose, onSaved }: { partner: Row | null; onClose: () => void; onSaved: () => void }) {
  const [f, setF] = useState<Input>(partner ? { bsid: partner.bsid, mc: partner.mc, origin: partner.origin, lxr: partner.lxr, sfqy: partner.sfqy as 0 | 1 } : { mc: '', origin: '', lxr: '', sfqy: 1 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Input>(k: K, v: Input[K]) => setF((p) => ({ ...p, [k]: v }));
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const e: Record<string, string> = {};
    if (!f.mc.trim()) e.mc = '请输入网站名称';
    if (!f.origin.trim()) e.origin = '请输入网站地址';
    else if (!ORIGIN.test(f.origin.trim())) e.origin = '网站地址应为 https://域名 或 https://域名:端口，不含路径、参数和空格';
    setErrors(e);
    if (Object.keys(e).length) return;
    const body = { ...f, mc: f.mc.trim(), origin: f.origin.trim(), lxr: f.lxr?.trim() };
    if (await act(api.call(partnersApi.adminSave, { body }), partner ? '合作网站已保存' : '合作网站已添加')) onSaved();
  });
  return (
    <FormDialog title={partner ? '编辑合作网站' : '添加合作网站'} width={620} onClose={onClose} onSubmit={onSubmit} blocked={blocked}>
      <Field label="网站名称" required error={errors.mc} htmlFor="pt-mc">
        <input id="pt-mc" className="hr-input" maxLength={40} placeholder="如：某某大学就业信息网" value={f.mc} aria-invalid={errors.mc ? true : undefined} onChange={(e) => set('mc', e.target.value)} />
      </Field>
      <Field label="网站地址" required wide error={errors.origin} htmlFor="pt-origin" hint="嵌入组件的页面所在的网址，只写协议、域名和端口，如 https://career.example.edu.cn">
        <input id="pt-origin" className="hr-input" maxLength={200} placeholder="https://" value={f.origin} aria-invalid={errors.origin ? true : undefined} onChange={(e) => set('origin', e.target.value)} />
      </Field>
      <Field label="联系人" wide htmlFor="pt-lxr" hint="对方负责人及联系方式">
        <input id="pt-lxr" className="hr-input" maxLength={100} value={f.lxr ?? ''} onChange={(e) => set('lxr', e.target.value)} />
      </Field>
      <Field label="启用状态">
        <label className="hr-check">
          <input type="checkbox" checked={f.sfqy === 1} onChange={(e) => set('sfqy', e.target.checked ? 1 : 0)} /> 启用（该网站的页面可以嵌入组件）
        </label>
      </Field>
    </FormDialog>
  );
}

export default function Partners() {
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const list = useLoad(() => api.call(partnersApi.adminList), []);
  const toggle = async (p: Row) => {
    const on = p.sfqy !== 1;
    if (!on && !(await confirm({ message: `停用后「${p.mc}」页面上的组件将立即无法使用，确定停用吗？`, danger: true, confirmText: '停用' }))) return;
    if (await act(api.call(partnersApi.adminEnable, { body: { bsid: p.bsid, sfqy: on ? 1 : 0 } }), on ? '已启用' : '已停用')) void list.reload();
  };
  const remove = async (p: Row) => {
    if (await confirm({ message: `确定删除合作网站「${p.mc}」（${p.origin}）吗？`, danger: true, confirmText: '删除' }))
      if (await act(api.call(partnersApi.adminDelete, { body: { bsid: p.bsid } }), '已删除')) void list.reload();
  };
  const rows = list.data?.list ?? [];
  return (
    <>
      <div className="hr-toolbar">
        <span className="hr-muted hr-small">只有已启用的合作网站能在页面中嵌入平台组件；在那里登录的用户只能使用组件所需的功能。</span>
        <div className="hr-toolbar__right">
          <Button variant="primary" onClick={() => setEditing('new')}>
            添加合作网站
          </Button>
        </div>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!rows.length} emptyText="还没有合作网站" onRetry={list.reload}>
        {rows.map((p) => (
          <div className="hr-card" key={p.bsid} role="group" aria-label={p.mc}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                {p.mc} <Tag tone={p.sfqy === 1 ? 'success' : 'warning'}>{p.sfqy === 1 ? '已启用' : '已停用'}</Tag>
              </p>
              <p className="hr-card__meta">
                <span>{p.origin}</span>
                {p.lxr ? <span>联系人：{p.lxr}</span> : null}
              </p>
              <p className="hr-card__meta hr-small">
                <span>添加于 {p.cjsj}</span>
                <span>更新于 {p.gxsj}</span>
              </p>
            </div>
            <div className="hr-card__side">
              <CardActions on={p.sfqy === 1} turnOn="启用" turnOff="停用" onEdit={() => setEditing(p)} onToggle={() => void toggle(p)} onRemove={() => void remove(p)} />
            </div>
          </div>
        ))}
      </ListState>
      {editing ? (
        <PartnerDialog
          partner={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
