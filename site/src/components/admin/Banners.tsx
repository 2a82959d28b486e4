/**
 * /zppc/admin/banners: the four home-page carousels (b_01..b_04). A banner is either an uploaded
 * image's address or drawn by the server from its title, subtitle and colour; a link containing
 * http(s) opens in a new tab on the site.
 */
import { useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { contentApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { CardActions } from './CardActions';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit, type BodyOf, type ReplyOf } from '../console/lib';
import { Field, ListState, Select, Tabs, Tag, FormDialog } from '../console/ui';

type Row = ReplyOf<typeof contentApi.adminBanners>['list'][number];
type Input = BodyOf<typeof contentApi.adminBannerSave>;
type Slot = 'b_01' | 'b_02' | 'b_03' | 'b_04';
/** Spec section 2/9: the four carousels' heights on the home page. */
const SLOTS: Record<Slot, string> = { b_01: '位置一（高 212px）', b_02: '位置二（高 285px）', b_03: '位置三（高 212px）', b_04: '位置四（高 141px）' };
const LINK = /^(|\/\S*|https?:\/\/\S+)$/;

function BannerDialog({ banner, slot, onClose, onSaved }: { banner: Row | null; slot: Slot; onClose: () => void; onSaved: () => void }) {
  const [f, setF] = useState<Input>(
    banner
      ? { bsid: banner.bsid, zswz: banner.zswz as Slot, bt: banner.bt, fbt: banner.fbt, ys: banner.ys || '#1f6fe5', tpdz: banner.tpdz, tzlj: banner.tzlj, px: banner.px, fbzt: banner.fbzt as 0 | 1 }
      : { zswz: slot, bt: '', fbt: '', ys: '#1f6fe5', tpdz: '', tzlj: '', px: 0, fbzt: 1 },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Input>(k: K, v: Input[K]) => setF((p) => ({ ...p, [k]: v }));
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const e: Record<string, string> = {};
    if (!f.bt.trim()) e.bt = '请输入标题';
    if (!LINK.test(f.tpdz ?? '')) e.tpdz = '图片地址须以 / 或 http(s):// 开头';
    if (!LINK.test(f.tzlj ?? '')) e.tzlj = '跳转链接须是站内路径（以 / 开头）或 http(s):// 地址';
    setErrors(e);
    if (Object.keys(e).length) return;
    if (await act(api.call(contentApi.adminBannerSave, { body: { ...f, bt: f.bt.trim(), fbt: f.fbt?.trim() } }), banner ? '轮播图已保存' : '轮播图已创建')) onSaved();
  });
  return (
    <FormDialog title={banner ? '编辑轮播图' : '新建轮播图'} width={680} onClose={onClose} onSubmit={onSubmit} blocked={blocked}>
      <Field label="展示位置" required htmlFor="bn-zswz">
        <Select id="bn-zswz" value={f.zswz} options={Object.entries(SLOTS).map(([value, label]) => ({ value, label }))} onChange={(v) => set('zswz', v as Slot)} />
      </Field>
      <Field label="排序" htmlFor="bn-px" hint="数字小的在前">
        <input id="bn-px" className="hr-input" type="number" min={0} max={9999} value={f.px ?? 0} onChange={(e) => set('px', Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
      </Field>
      <Field label="标题" required error={errors.bt} htmlFor="bn-bt">
        <input id="bn-bt" className="hr-input" maxLength={40} value={f.bt} aria-invalid={errors.bt ? true : undefined} onChange={(e) => set('bt', e.target.value)} />
      </Field>
      <Field label="副标题" htmlFor="bn-fbt">
        <input id="bn-fbt" className="hr-input" maxLength={60} value={f.fbt ?? ''} onChange={(e) => set('fbt', e.target.value)} />
      </Field>
      <Field label="背景颜色" htmlFor="bn-ys" hint="未填图片地址时，按标题、副标题和颜色生成图片">
        <input id="bn-ys" type="color" value={f.ys ?? '#1f6fe5'} onChange={(e) => set('ys', e.target.value)} style={{ width: 56, height: 36, padding: 2, border: '1px solid var(--zp-color-border)', borderRadius: 6 }} />
      </Field>
      <Field label="图片地址" error={errors.tpdz} htmlFor="bn-tpdz">
        <input id="bn-tpdz" className="hr-input" maxLength={500} placeholder="留空则使用生成的图片" value={f.tpdz ?? ''} onChange={(e) => set('tpdz', e.target.value.trim())} />
      </Field>
      <Field label="跳转链接" wide error={errors.tzlj} htmlFor="bn-tzlj" hint="站内页面如 /public/meetinglist?venue=1；外部网站以 http(s):// 开头，会在新标签页打开">
        <input id="bn-tzlj" className="hr-input" maxLength={500} value={f.tzlj ?? ''} onChange={(e) => set('tzlj', e.target.value.trim())} />
      </Field>
      <Field label="发布状态">
        <label className="hr-check">
          <input type="checkbox" checked={f.fbzt === 1} onChange={(e) => set('fbzt', e.target.checked ? 1 : 0)} /> 保存后在首页展示
        </label>
      </Field>
    </FormDialog>
  );
}

export default function Banners() {
  const [slot, setSlot] = useState<Slot>('b_01');
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const list = useLoad(() => api.call(contentApi.adminBanners, { query: { zswz: slot } }), [slot]);
  const publish = async (b: Row) => {
    const on = b.fbzt !== 1;
    if (await act(api.call(contentApi.adminBannerPublish, { body: { bsid: b.bsid, fbzt: on ? 1 : 0 } }), on ? '已发布' : '已撤下')) void list.reload();
  };
  const remove = async (b: Row) => {
    if (await confirm({ message: `确定删除轮播图「${b.bt}」吗？`, danger: true, confirmText: '删除' }))
      if (await act(api.call(contentApi.adminBannerDelete, { body: { bsid: b.bsid } }), '已删除')) void list.reload();
  };
  const rows = list.data?.list ?? [];
  return (
    <>
      <Tabs label="展示位置" active={slot} onChange={setSlot} items={(Object.keys(SLOTS) as Slot[]).map((k) => ({ key: k, label: SLOTS[k].replace(/（.*/, '') }))} />
      <div className="hr-toolbar">
        <span className="hr-muted hr-small">{SLOTS[slot]}，首页每 5 秒切换一张。</span>
        <div className="hr-toolbar__right">
          <Button variant="primary" onClick={() => setEditing('new')}>
            新建轮播图
          </Button>
        </div>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!rows.length} emptyText="该位置还没有轮播图" onRetry={list.reload}>
        {rows.map((b) => (
          <div className="hr-card" key={b.bsid}>
            <img className="hr-banner-img" src={b.url} alt={b.bt} loading="lazy" />
            <div className="hr-card__main">
              <p className="hr-card__title">
                {b.bt} <Tag tone={b.fbzt === 1 ? 'success' : 'warning'}>{b.fbzt === 1 ? '展示中' : '未发布'}</Tag>
              </p>
              <p className="hr-card__meta">
                {b.fbt ? <span>{b.fbt}</span> : null}
                <span>排序 {b.px}</span>
                <span>{b.tpdz ? '上传的图片' : '生成的图片'}</span>
              </p>
              <p className="hr-card__meta hr-small">
                <span>跳转：{b.tzlj || '无'}</span>
              </p>
            </div>
            <div className="hr-card__side">
              <CardActions on={b.fbzt === 1} turnOn="发布" turnOff="撤下" onEdit={() => setEditing(b)} onToggle={() => void publish(b)} onRemove={() => void remove(b)} />
            </div>
          </div>
        ))}
      </ListState>
      {editing ? (
        <BannerDialog
          banner={editing === 'new' ? null : editing}
          slot={slot}
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
