/** /zppc/admin/fairs: create and edit job fairs (online or offline, public-benefit or paid with the booth fee), publish or hide them, see who signed up. */
import { useState } from 'react';
import { Button, Dialog, confirm } from '@zp/ui';
import { fairsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import Pagination from '../common/Pagination';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type BodyOf, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { Field, ListState, Select, Tag, ListPager, FormDialog, resettingPage } from '../console/ui';
import { FAIR_STATE_TEXT, FAIR_STATE_TONE, fairKindText } from '../console/states';
import { to } from '../../lib/paths';

type Row = ReplyOf<typeof fairsApi.adminList>['page']['list'][number];
type Input = BodyOf<typeof fairsApi.adminSave>;
const LIMIT = 10;
const toInput = (t: string) => (t ? t.slice(0, 16).replace(' ', 'T') : '');

function FairDialog({ fair, onClose, onSaved }: { fair: Row | null; onClose: () => void; onSaved: () => void }) {
  const codes = useCodes();
  const [f, setF] = useState<Input>(
    fair
      ? { hxid: fair.hxid, hymc: fair.hymc, sfxs: fair.sfxs as 1 | 2, hylx: fair.hylx, hykssj: toInput(fair.hykssj), hyjssj: toInput(fair.hyjssj), sf: fair.sf, csdm: fair.csdm, hydd: fair.hydd, zbdw: fair.zbdw, cbdw: fair.cbdw, hyjs: fair.hyjs, sfgy: fair.sfgy as 1 | 2, zwf: fair.zwf, fbzt: fair.fbzt as 0 | 1 }
      : { hymc: '', sfxs: 1, hylx: '', hykssj: '', hyjssj: '', sf: '', csdm: '', hydd: '', zbdw: '', cbdw: '', hyjs: '', sfgy: 1, zwf: 0, fbzt: 1 },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Input>(k: K, v: Input[K]) => setF((p) => ({ ...p, [k]: v }));
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const e: Record<string, string> = {};
    if (f.hymc.trim().length < 2) e.hymc = '请输入招聘会名称（至少 2 个字）';
    if (!f.hykssj) e.hykssj = '请选择开始时间';
    if (!f.hyjssj) e.hyjssj = '请选择结束时间';
    else if (f.hykssj && f.hyjssj <= f.hykssj) e.hyjssj = '结束时间须晚于开始时间';
    if (f.sfxs === 2 && !(f.hydd ?? '').trim()) e.hydd = '线下招聘会请填写会场地点';
    if (f.sfgy === 2 && !f.zwf) e.zwf = '收费场次请填写展位费';
    setErrors(e);
    const first = Object.keys(e)[0];
    if (first) {
      document.getElementById(`fair-${first}`)?.focus();
      return;
    }
    const body: Input = { ...f, hymc: f.hymc.trim(), hydd: f.hydd?.trim(), zbdw: f.zbdw?.trim(), cbdw: f.cbdw?.trim(), hyjs: f.hyjs?.trim(), zwf: f.sfgy === 2 ? f.zwf : 0 };
    if (await act(api.call(fairsApi.adminSave, { body }), fair ? '招聘会已保存' : '招聘会已创建')) onSaved();
  });
  const text = (k: 'hymc' | 'hydd' | 'zbdw' | 'cbdw', label: string, required = false, max = 100) => (
    <Field label={label} required={required} error={errors[k]} htmlFor={`fair-${k}`}>
      <input id={`fair-${k}`} className="hr-input" maxLength={max} value={f[k] ?? ''} aria-invalid={errors[k] ? true : undefined} onChange={(e) => set(k, e.target.value)} />
    </Field>
  );
  return (
    <FormDialog title={fair ? '编辑招聘会' : '新建招聘会'} width={760} onClose={onClose} onSubmit={onSubmit} blocked={blocked}>
      {text('hymc', '招聘会名称', true)}
      <Field label="会场类型" required>
        <label className="hr-check">
          <input type="radio" name="sfxs" checked={f.sfxs === 1} onChange={() => set('sfxs', 1)} /> 线上
        </label>
        <label className="hr-check">
          <input type="radio" name="sfxs" checked={f.sfxs === 2} onChange={() => set('sfxs', 2)} /> 线下
        </label>
      </Field>
      <Field label="开始时间" required error={errors.hykssj} htmlFor="fair-hykssj">
        <input id="fair-hykssj" className="hr-input" type="datetime-local" value={f.hykssj} onChange={(e) => set('hykssj', e.target.value)} />
      </Field>
      <Field label="结束时间" required error={errors.hyjssj} htmlFor="fair-hyjssj">
        <input id="fair-hyjssj" className="hr-input" type="datetime-local" value={f.hyjssj} onChange={(e) => set('hyjssj', e.target.value)} />
      </Field>
      <Field label="会议类型" htmlFor="fair-hylx">
        <Select id="fair-hylx" value={f.hylx ?? ''} options={codes?.options('m_hyktdm') ?? []} placeholder="按会场类型（综合招聘会）" onChange={(v) => set('hylx', v)} />
      </Field>
      <Field label="所在城市" htmlFor="fair-sf">
        <Select id="fair-sf" label="省份" value={f.sf ?? ''} options={codes?.provinces ?? []} placeholder="省份" onChange={(v) => setF((p) => ({ ...p, sf: v, csdm: '' }))} />
        <Select id="fair-csdm" label="城市" value={f.csdm ?? ''} options={codes && f.sf ? codes.cities(f.sf) : []} placeholder="城市" disabled={!f.sf} onChange={(v) => set('csdm', v)} />
      </Field>
      {text('hydd', '会场地点', f.sfxs === 2, 200)}
      {text('zbdw', '主办单位')}
      {text('cbdw', '承办单位')}
      <Field label="场次性质" required error={errors.zwf} htmlFor="fair-zwf">
        <label className="hr-check">
          <input type="radio" name="sfgy" checked={f.sfgy === 1} onChange={() => set('sfgy', 1)} /> 公益（免费）
        </label>
        <label className="hr-check">
          <input type="radio" name="sfgy" checked={f.sfgy === 2} onChange={() => set('sfgy', 2)} /> 收费
        </label>
        {f.sfgy === 2 ? (
          <input id="fair-zwf" className="hr-input" type="number" min={0} max={1000000} aria-label="展位费（元/场）" placeholder="展位费 元/场" value={f.zwf || ''} onChange={(e) => set('zwf', Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
        ) : null}
      </Field>
      <Field label="会场介绍" wide htmlFor="fair-hyjs">
        <textarea id="fair-hyjs" className="hr-input" rows={5} maxLength={5000} value={f.hyjs ?? ''} onChange={(e) => set('hyjs', e.target.value)} />
      </Field>
      <Field label="发布状态">
        <label className="hr-check">
          <input type="checkbox" checked={f.fbzt === 1} onChange={(e) => set('fbzt', e.target.checked ? 1 : 0)} /> 保存后对外发布
        </label>
      </Field>
    </FormDialog>
  );
}

function Signups({ fair, onClose }: { fair: Row; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useLoad(() => api.call(fairsApi.adminSignups, { query: { hxid: fair.hxid, page, limit: 10 } }), [page]);
  const data = list.data?.page;
  return (
    <Dialog open title={`「${fair.hymc}」的报名`} onClose={onClose} width={640}>
      <p className="hr-muted" style={{ marginTop: 0 }}>求职者报名 {list.data?.bmrs ?? '—'} 人；报名单位 {data?.totalCount ?? '—'} 家。</p>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="还没有单位报名" onRetry={list.reload}>
        <div className="hr-table-wrap">
          <table className="hr-table">
            <thead>
              <tr>
                <th scope="col">单位</th>
                <th scope="col">组团</th>
                <th scope="col">报名时间</th>
              </tr>
            </thead>
            <tbody>
              {data?.list.map((s) => (
                <tr key={s.dwid}>
                  <td>{s.dwmc}</td>
                  <td>{s.tmc || '—'}</td>
                  <td>{minutes(s.createTime)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </ListState>
      {data ? <Pagination page={data.currPage} totalPage={data.totalPage} totalCount={data.totalCount} onChange={setPage} disabled={list.loading} /> : null}
    </Dialog>
  );
}

export default function Fairs() {
  const codes = useCodes();
  const [type, setType] = useState('');
  const [name, setName] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const [signups, setSignups] = useState<Row | null>(null);
  const list = useLoad(() => api.call(fairsApi.adminList, { query: { page, limit: LIMIT, ...(type ? { type: Number(type) as 1 | 2 } : {}), ...(search ? { hymc: search } : {}) } }), [type, search, page]);
  const find = useGuardedSubmit(() => {
    setPage(1);
    setSearch(name.trim());
  });
  const publish = async (f: Row) => {
    const on = f.fbzt !== 1;
    if (!on && !(await confirm({ message: `撤下后「${f.hymc}」将不再对外显示，确定撤下吗？`, confirmText: '撤下' }))) return;
    if (await act(api.call(fairsApi.adminPublish, { body: { hxid: f.hxid, fbzt: on ? 1 : 0 } }), on ? '已发布' : '已撤下')) void list.reload();
  };
  const data = list.data?.page;
  return (
    <>
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        <Select label="会场类型" value={type} placeholder="全部类型" options={[{ value: '1', label: '线上' }, { value: '2', label: '线下' }]} onChange={resettingPage(setType, setPage)} />
        <label className="zp-visually-hidden" htmlFor="af-name">招聘会名称</label>
        <input id="af-name" className="hr-input" placeholder="招聘会名称" maxLength={50} value={name} onChange={(e) => setName(e.target.value)} />
        <Button type="submit" disabled={find.blocked}>查找</Button>
        <div className="hr-toolbar__right">
          <Button variant="primary" onClick={() => setEditing('new')}>
            新建招聘会
          </Button>
        </div>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="暂无招聘会" onRetry={list.reload}>
        {data?.list.map((f) => (
          <div className="hr-card" key={f.hxid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                {f.fbzt === 1 ? <a href={to(`public/meetinghall/${f.hxid}/${f.ifks}`)}>{f.hymc}</a> : f.hymc}
                <Tag tone={FAIR_STATE_TONE[f.ifks]}>{FAIR_STATE_TEXT[f.ifks]}</Tag>
                <Tag tone={f.sfxs === 1 ? 'primary' : 'info'}>{f.sfxs === 1 ? '线上' : '线下'}</Tag>
                <Tag tone={f.fbzt === 1 ? 'success' : 'warning'}>{f.fbzt === 1 ? '已发布' : '未发布'}</Tag>
              </p>
              <p className="hr-card__meta">
                <span>
                  {minutes(f.hykssj)} 至 {minutes(f.hyjssj)}
                </span>
                {codes && f.csdm ? <span>{codes.city(f.csdm)}</span> : null}
                {f.hydd ? <span>{f.hydd}</span> : null}
              </p>
              <p className="hr-card__meta hr-small">
                <span>{fairKindText(f.sfgy, f.zwf)}</span>
                <span>报名单位 {f.chqys}</span>
                <span>求职者 {f.bmrs}</span>
                <span>岗位 {f.gwfbs}</span>
                {f.zbdw ? <span>主办：{f.zbdw}</span> : null}
              </p>
            </div>
            <div className="hr-card__side">
              <div className="hr-actions">
                <Button onClick={() => setEditing(f)}>编辑</Button>
                <Button onClick={() => setSignups(f)}>报名情况</Button>
                <GuardedButton variant={f.fbzt === 1 ? 'text' : 'primary'} onClick={() => void publish(f)}>
                  {f.fbzt === 1 ? '撤下' : '发布'}
                </GuardedButton>
              </div>
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {editing ? (
        <FairDialog
          fair={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
      {signups ? <Signups fair={signups} onClose={() => setSignups(null)} /> : null}
    </>
  );
}
