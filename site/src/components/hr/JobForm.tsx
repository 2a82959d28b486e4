/**
 * /private/enter_postcreate and /enter_updatePost?gwid=: a job post with the code-table pickers
 * (category in three levels, province and city, education, experience, work nature), salary or
 * 面议, welfare tags and the fairs (signed up, not ended) to show it at.
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@zp/ui';
import { fairsApi, jobsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { act, queryParam, useGuardedSubmit, type BodyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { HrGate } from './hr';
import { Field, ListState, Notice, Select, Tag } from '../console/ui';
import { FAIR_STATE_TEXT, GWZT_TEXT, GWZT_TONE } from '../console/states';
import type { Gwzt } from '@zp/core/contract';
import { to } from '../../lib/paths';
import { flash } from '../../lib/flash';

type Job = Omit<BodyOf<typeof jobsApi.update>, 'gwid'>;
type Errors = Partial<Record<keyof Job | 'gwlb1' | 'gwlb2' | 'salary', string>>;

const EMPTY: Job = { gwmc: '', gwlb: '', gwgzxz: '', sbsf: '', sbcs: '', sbxxdz: '', zdyx: 0, zgyx: 0, xlyq: '', jyyq: '', zprs: 1, gwms: '', jnyq: '', ssbm: '', fldy: '', gwfl: [] };

interface FairChoice {
  hxid: string;
  hymc: string;
  ifks: number;
}

function check(j: Job, negotiable: boolean, c1: string, c2: string): Errors {
  const e: Errors = {};
  if (j.gwmc.trim().length < 2) e.gwmc = '请输入岗位名称（至少 2 个字）';
  if (!c1) e.gwlb1 = '请选择岗位类别';
  else if (!c2) e.gwlb2 = '请选择二级岗位类别';
  else if (!j.gwlb) e.gwlb = '请选择三级岗位类别';
  if (!j.gwgzxz) e.gwgzxz = '请选择工作性质';
  if (!j.sbsf || !j.sbcs) e.sbcs = '请选择工作省份和城市';
  if (!negotiable) {
    if (!j.zdyx || !j.zgyx) e.salary = '请填写月薪范围，或勾选“面议”';
    else if (j.zdyx > j.zgyx) e.salary = '最低月薪不能高于最高月薪';
  }
  if (!j.xlyq) e.xlyq = '请选择学历要求';
  if (!j.jyyq) e.jyyq = '请选择经验要求';
  if (!Number.isInteger(j.zprs) || j.zprs < 1 || j.zprs > 9999) e.zprs = '招聘人数为 1 到 9999';
  if (!j.gwms.trim()) e.gwms = '请填写岗位描述';
  return e;
}

function Form({ gwid, initial, state, takenDownReason, fairs, chosenFairs }: { gwid: string | null; initial: Job; state: Gwzt | null; takenDownReason: string; fairs: FairChoice[]; chosenFairs: string[] }) {
  const codes = useCodes();
  const [j, setJ] = useState<Job>(initial);
  const [negotiable, setNegotiable] = useState(gwid !== null && !initial.zdyx && !initial.zgyx);
  const [c1, setC1] = useState('');
  const [c2, setC2] = useState('');
  const [selected, setSelected] = useState<string[]>(chosenFairs);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Job>(k: K, v: Job[K]) => setJ((p) => ({ ...p, [k]: v }));

  // An existing job names only its third-level category: find the two above once the tables arrived.
  useEffect(() => {
    if (codes && initial.gwlb) {
      const [a, b] = codes.categoryPath(initial.gwlb);
      setC1(a);
      setC2(b);
    }
  }, [codes, initial.gwlb]);

  const cities = useMemo(() => (codes && j.sbsf ? codes.cities(j.sbsf) : []), [codes, j.sbsf]);
  const tags = j.fldy ? j.fldy.split(/[,，、]/).map((t) => t.trim()).filter(Boolean) : [];
  // 职位亮点 are codes of m_gwfldm (gwfl), shown as tags on the job; other welfare is typed in fldy.
  const perks = j.gwfl ?? [];
  const togglePerk = (dm: string) => set('gwfl', perks.includes(dm) ? perks.filter((x) => x !== dm) : [...perks, dm]);

  const save = async (publish: boolean) => {
    const found = check(j, negotiable, c1, c2);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`job-${first}`)?.focus();
      return;
    }
    const body: Job = { ...j, gwmc: j.gwmc.trim(), sbxxdz: j.sbxxdz.trim(), gwms: j.gwms.trim(), jnyq: j.jnyq?.trim() ?? '', ssbm: j.ssbm?.trim() ?? '', fldy: tags.join(','), zdyx: negotiable ? 0 : j.zdyx, zgyx: negotiable ? 0 : j.zgyx };
    let id = gwid;
    if (gwid) {
      const ok = await act(api.call(jobsApi.update, { body: { ...body, gwid } }));
      if (!ok) return;
      if (publish && state !== '2') {
        if (!(await act(api.call(jobsApi.publish, { params: { gwid } })))) return;
      }
    } else {
      const r = await act(api.call(jobsApi.add, { query: {}, body: { ...body, fb: publish ? 1 : 0 } }));
      if (!r) return;
      id = r.gwid;
    }
    const changedFairs = gwid ? selected.slice().sort().join() !== chosenFairs.slice().sort().join() : selected.length > 0;
    if (id && changedFairs && !(await act(api.call(jobsApi.setFairs, { body: { gwid: id, hxids: selected } })))) return;
    const done = gwid ? (publish && state !== '2' ? '岗位已保存并发布' : '岗位已保存') : publish ? '岗位已发布' : '已保存为草稿';
    flash('success', done);
    window.location.assign(to('enter_home/enter_post'));
  };
  const [pendingPublish, setPendingPublish] = useState(true);
  const { onSubmit, blocked } = useGuardedSubmit(() => save(pendingPublish));

  const err = (k: keyof Errors) => (errors[k] ? true : undefined);
  return (
    <form className="hr-form" onSubmit={onSubmit} noValidate>
      {state !== null ? (
        <div className="hr-field--wide">
          <span className="hr-muted">当前状态：</span>
          <Tag tone={GWZT_TONE[state]}>{GWZT_TEXT[state]}</Tag>
        </div>
      ) : null}
      {state === '3' ? (
        <div className="hr-field--wide">
          <Notice tone="danger" title="该岗位已被平台下架">下架原因：{takenDownReason || '未说明'}。下架的岗位不能再修改或发布。</Notice>
        </div>
      ) : null}
      <Field label="岗位名称" required error={errors.gwmc} htmlFor="job-gwmc">
        <input id="job-gwmc" className="hr-input" maxLength={40} value={j.gwmc} aria-invalid={err('gwmc')} onChange={(e) => set('gwmc', e.target.value)} />
      </Field>
      <Field label="工作性质" required error={errors.gwgzxz} htmlFor="job-gwgzxz">
        <Select id="job-gwgzxz" value={j.gwgzxz} options={codes?.options('m_gwgzxzdm') ?? []} placeholder="请选择" invalid={!!errors.gwgzxz} onChange={(v) => set('gwgzxz', v)} />
      </Field>
      <Field label="所属部门" htmlFor="job-ssbm">
        <input id="job-ssbm" className="hr-input" maxLength={30} placeholder="选填" value={j.ssbm ?? ''} onChange={(e) => set('ssbm', e.target.value)} />
      </Field>
      <Field label="岗位类别" required wide error={errors.gwlb1 || errors.gwlb2 || errors.gwlb} htmlFor="job-gwlb1">
        <Select id="job-gwlb1" label="一级类别" value={c1} options={codes?.categories1 ?? []} placeholder="一级类别" invalid={!!errors.gwlb1} onChange={(v) => { setC1(v); setC2(''); set('gwlb', ''); }} />
        <Select id="job-gwlb2" label="二级类别" value={c2} options={codes && c1 ? codes.categories2(c1) : []} placeholder="二级类别" disabled={!c1} invalid={!!errors.gwlb2} onChange={(v) => { setC2(v); set('gwlb', ''); }} />
        <Select id="job-gwlb" label="三级类别" value={j.gwlb} options={codes && c2 ? codes.categories3(c2) : []} placeholder="三级类别" disabled={!c2} invalid={!!errors.gwlb} onChange={(v) => set('gwlb', v)} />
      </Field>
      <Field label="工作城市" required error={errors.sbcs} htmlFor="job-sbsf">
        <Select id="job-sbsf" label="工作省份" value={j.sbsf} options={codes?.provinces ?? []} placeholder="省份" invalid={!!errors.sbcs} onChange={(v) => setJ((p) => ({ ...p, sbsf: v, sbcs: '' }))} />
        <Select id="job-sbcs" label="工作城市" value={j.sbcs} options={cities} placeholder="城市" disabled={!j.sbsf} invalid={!!errors.sbcs} onChange={(v) => set('sbcs', v)} />
      </Field>
      <Field label="工作地点" htmlFor="job-sbxxdz">
        <input id="job-sbxxdz" className="hr-input" maxLength={100} placeholder="详细地址" value={j.sbxxdz} onChange={(e) => set('sbxxdz', e.target.value)} />
      </Field>
      <Field label="月薪（元）" required error={errors.salary} htmlFor="job-salary">
        <input id="job-salary" className="hr-input" type="number" min={0} step={500} placeholder="最低" aria-label="最低月薪" disabled={negotiable} value={negotiable || !j.zdyx ? '' : j.zdyx} aria-invalid={err('salary')} onChange={(e) => set('zdyx', Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
        <span aria-hidden="true">—</span>
        <input className="hr-input" type="number" min={0} step={500} placeholder="最高" aria-label="最高月薪" disabled={negotiable} value={negotiable || !j.zgyx ? '' : j.zgyx} aria-invalid={err('salary')} onChange={(e) => set('zgyx', Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
        <label className="hr-check">
          <input type="checkbox" checked={negotiable} onChange={(e) => setNegotiable(e.target.checked)} /> 面议
        </label>
      </Field>
      <Field label="招聘人数" required error={errors.zprs} htmlFor="job-zprs">
        <input id="job-zprs" className="hr-input" type="number" min={1} max={9999} value={j.zprs || ''} aria-invalid={err('zprs')} onChange={(e) => set('zprs', Math.floor(Number(e.target.value) || 0))} />
      </Field>
      <Field label="学历要求" required error={errors.xlyq} htmlFor="job-xlyq">
        <Select id="job-xlyq" value={j.xlyq} options={codes?.options('m_xldm') ?? []} placeholder="请选择" invalid={!!errors.xlyq} onChange={(v) => set('xlyq', v)} />
      </Field>
      <Field label="经验要求" required error={errors.jyyq} htmlFor="job-jyyq">
        <Select id="job-jyyq" value={j.jyyq} options={codes?.options('m_jyyqdm') ?? []} placeholder="请选择" invalid={!!errors.jyyq} onChange={(v) => set('jyyq', v)} />
      </Field>
      <Field label="岗位描述" required wide error={errors.gwms} htmlFor="job-gwms" hint={`${j.gwms.length}/3000，写明岗位职责与任职要求`}>
        <textarea id="job-gwms" className="hr-input" rows={8} maxLength={3000} value={j.gwms} aria-invalid={err('gwms')} onChange={(e) => set('gwms', e.target.value)} />
      </Field>
      <Field label="技能要求" wide htmlFor="job-jnyq">
        <textarea id="job-jnyq" className="hr-input" rows={3} maxLength={500} placeholder="选填" value={j.jnyq ?? ''} onChange={(e) => set('jnyq', e.target.value)} />
      </Field>
      <Field label="职位亮点" wide hint="点选岗位提供的福利，求职者在岗位列表中可以看到">
        <div className="hr-toolbar" style={{ marginBottom: 0 }} role="group" aria-label="职位亮点">
          {(codes?.options('m_gwfldm') ?? []).map((o) => (
            <button key={o.value} type="button" className={`hr-chip${perks.includes(o.value) ? ' is-on' : ''}`} aria-pressed={perks.includes(o.value)} onClick={() => togglePerk(o.value)}>
              {o.label}
            </button>
          ))}
        </div>
      </Field>
      <Field label="其他福利" wide htmlFor="job-fldy" hint="选填，多项用逗号分隔">
        <input id="job-fldy" className="hr-input" maxLength={200} value={j.fldy ?? ''} onChange={(e) => set('fldy', e.target.value)} />
      </Field>
      <Field label="参加的招聘会" wide hint={fairs.length ? '岗位将在所选招聘会的会场中展示' : undefined}>
        {fairs.length ? (
          <ul className="hr-checklist">
            {fairs.map((f) => (
              <li key={f.hxid}>
                <label className="hr-check">
                  <input type="checkbox" checked={selected.includes(f.hxid)} onChange={(e) => setSelected((s) => (e.target.checked ? [...s, f.hxid] : s.filter((x) => x !== f.hxid)))} />
                  {f.hymc}
                </label>
                <Tag tone={f.ifks === 2 ? 'success' : 'primary'}>{FAIR_STATE_TEXT[f.ifks]}</Tag>
              </li>
            ))}
          </ul>
        ) : (
          <span className="hr-muted">
            本单位还没有报名进行中或未开始的招聘会，<a href={to('enter_home/enter_delivery')}>去报名</a>
          </span>
        )}
      </Field>
      <div className="hr-form__actions">
        {state === '3' ? null : (
          <>
            <Button variant="primary" type="submit" disabled={blocked} onClick={() => setPendingPublish(true)}>
              {gwid ? (state === '2' ? '保存修改' : '保存并发布') : '立即发布'}
            </Button>
            {state === '2' ? null : (
              <Button type="submit" disabled={blocked} onClick={() => setPendingPublish(false)}>
                {gwid ? '仅保存' : '保存草稿'}
              </Button>
            )}
          </>
        )}
        <a className="zp-btn zp-btn--text" href={to('enter_home/enter_post')}>返回职位列表</a>
      </div>
    </form>
  );
}

function CreateJob() {
  const fairs = useLoad(() => api.call(fairsApi.companyFairs, { query: { page: 1, limit: 100 } }), []);
  if (!fairs.data) return <ListState loading={fairs.loading} error={fairs.error} empty onRetry={fairs.reload}>{null}</ListState>;
  const open = fairs.data.page.list.filter((f) => f.ifks !== 3).map((f) => ({ hxid: f.hxid, hymc: f.hymc, ifks: f.ifks }));
  return <Form gwid={null} initial={EMPTY} state={null} takenDownReason="" fairs={open} chosenFairs={[]} />;
}

function EditJob({ gwid }: { gwid: string }) {
  const job = useLoad(async () => {
    const [d, f] = await Promise.all([api.call(jobsApi.detailHr, { params: { gwid } }), api.call(jobsApi.fairs, { query: { gwid } })]);
    return { job: d.gwxxxqHrVO, fairs: f.hxlist };
  }, [gwid]);
  if (!job.data) return <ListState loading={job.loading} error={job.error} empty onRetry={job.reload}>{null}</ListState>;
  const g = job.data.job;
  const initial: Job = {
    gwmc: g.gwmc, gwlb: g.gwlb, gwgzxz: g.gwgzxz, sbsf: g.sbsf, sbcs: g.sbcs, sbxxdz: g.sbxxdz, zdyx: g.zdyx, zgyx: g.zgyx, xlyq: g.xlyq, jyyq: g.jyyq,
    zprs: g.zprs, gwms: g.gwms, jnyq: g.jnyq, ssbm: g.ssbm, fldy: g.fldy, gwfl: g.fllist.map((f) => f.dm),
  };
  // Attached fairs stay listed even when over (so they can be removed); new ones only when not over.
  const fairs = job.data.fairs.filter((f) => f.ifks !== 3 || f.sfxz === 1);
  return <Form gwid={gwid} initial={initial} state={g.gwzt} takenDownReason={g.xjyy} fairs={fairs} chosenFairs={fairs.filter((f) => f.sfxz === 1).map((f) => f.hxid)} />;
}

export default function JobForm({ mode }: { mode: 'create' | 'edit' }) {
  const gwid = mode === 'edit' ? queryParam('gwid') : '';
  return (
    <HrGate approved>
      {mode === 'create' ? <CreateJob /> : /^[1-9]\d{0,18}$/.test(gwid) ? <EditJob gwid={gwid} /> : <Notice tone="warning" title="缺少岗位编号">请从职位列表进入编辑页面。</Notice>}
    </HrGate>
  );
}
