import { beijingToday } from '@zp/core/dates';
import { useRef, useState, type FormEvent } from 'react';
import { Button, message, withLoading, toastError } from '@zp/ui';
import { api, updateSession } from '@zp/core/session';
import { filesApi, resumesApi } from '@zp/core/routes';
import { readDistricts } from '@zp/core/codes';
import type * as C from '@zp/core/contract';
import { extensionOf, postToStorage } from '@zp/core/upload';
import { nameOf, type Codes } from './codes';
import { Field, invalid } from './Field';
import { useClickGuard } from '../common/ClickGuard';
import { avatarOf } from './common';
import { useLoad } from '../../lib/load';

export type SeekerInfo = NonNullable<C.Reply<typeof C.resumesApi.info>['qzGrjbxx']>;

type Values = {
  xm: string; xbm: string; csrq: string; jgdms: string; jgdmcs: string; dqszs: string; dqszcs: string; dqszxq: string; cjgzny: string; yx: string;
  zzmm: string; mzdm: string; hyzk: string; sg: string; sfzjh: string; sfxs: string; zwpj: string; qzzt: string;
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The mainland resident ID: 17 digits and a check character (GB 11643). */
const ID_NUMBER = /^\d{17}[\dXx]$/;

/** The districts of a city, loaded when the form first needs them (the whole table is large). */
let districts: Promise<Record<string, { dm: string; name: string }[]>> | null = null;
function loadDistricts() {
  const started = (districts ??= readDistricts(api));
  started.catch(() => {
    if (districts === started) districts = null;
  });
  return started;
}

function valuesOf(info: SeekerInfo | null): Values {
  return {
    xm: info?.xm ?? '',
    xbm: info?.xbm ?? '',
    csrq: info?.csrq?.slice(0, 10) ?? '',
    jgdms: info?.jgdms ?? '',
    jgdmcs: info?.jgdmcs ?? '',
    dqszs: info?.dqszs ?? '',
    dqszcs: info?.dqszcs ?? '',
    dqszxq: info?.dqszxq ?? '',
    cjgzny: info?.cjgzny?.slice(0, 7) ?? '',
    yx: info?.yx ?? '',
    zzmm: info?.zzmm ?? '',
    mzdm: info?.mzdm ?? '',
    hyzk: info?.hyzk ?? '',
    sg: info?.sg ?? '',
    sfzjh: info?.sfzjh ?? '',
    sfxs: info ? String(info.sfxs ?? 0) : '',
    zwpj: info?.zwpj ?? '',
    qzzt: info?.qzzt ?? '',
  };
}

export function checkBase(v: Values): Partial<Record<keyof Values, string>> {
  const e: Partial<Record<keyof Values, string>> = {};
  if (!v.xm.trim()) e.xm = '请填写姓名';
  if (!v.xbm) e.xbm = '请选择性别';
  if (v.yx && !EMAIL.test(v.yx)) e.yx = '邮箱格式不正确';
  if (v.csrq && v.csrq > beijingToday()) e.csrq = '出生日期不能晚于今天';
  if (v.sg && !(/^\d{2,3}$/.test(v.sg) && +v.sg >= 50 && +v.sg <= 249)) e.sg = '身高请填写 50–249 之间的厘米数';
  if (v.sfzjh && !ID_NUMBER.test(v.sfzjh)) e.sfzjh = '身份证号应为 18 位';
  return e;
}

/** A drop-down of codes with 请选择 for none. */
function CodeSelect({ id, value, options, onChange }: { id: string; value: string; options: { dm: string; name: string }[]; onChange: (v: string) => void }) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">请选择</option>
      {options.map((o) => (
        <option key={o.dm} value={o.dm}>
          {o.name}
        </option>
      ))}
    </select>
  );
}

/** Base information: avatar, name, gender, birth, cities, e-mail, state, self-evaluation. */
export default function BaseInfoCard({ info, phone, codes, onSaved }: { info: SeekerInfo | null; phone: string; codes: Codes | null; onSaved: (info: SeekerInfo | null, wsd: number) => void }) {
  const [editing, setEditing] = useState(info === null);
  const [v, setV] = useState<Values>(() => valuesOf(info));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [busy, setBusy] = useState(false);
  const [blocked, guard] = useClickGuard();
  const [avatarPct, setAvatarPct] = useState<number | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  // Asked for when the form opens (loadDistricts keeps the answer); a failure leaves the picker empty.
  const cityDistricts = useLoad(loadDistricts, [], { enabled: editing }).data ?? null;

  const set = (k: keyof Values, value: string) =>
    setV((old) => {
      const next = { ...old, [k]: value };
      if (k === 'dqszs') next.dqszcs = next.dqszxq = '';
      if (k === 'dqszcs') next.dqszxq = '';
      if (k === 'dqszcs' && value && !next.dqszs) next.dqszs = codes?.parentOf.get(value) ?? '';
      if (k === 'jgdms') next.jgdmcs = '';
      return next;
    });

  const reload = async () => {
    const r = await api.call(resumesApi.info);
    return r.qzGrjbxx;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = checkBase(v);
    setErrors(found);
    const first = (Object.keys(v) as (keyof Values)[]).find((k) => found[k]);
    if (first) {
      document.getElementById(`sk-base-${first}`)?.focus();
      return;
    }
    // The 1.5 s duplicate-click guard (spec section 5) on the write, not on a refused form.
    guard(save)();
  };

  const save = async () => {
    setBusy(true);
    try {
      const body = {
        xm: v.xm.trim(), xbm: v.xbm, csrq: v.csrq, jgdms: v.jgdms, jgdmcs: v.jgdmcs, dqszs: v.dqszs, dqszcs: v.dqszcs, dqszxq: v.dqszxq,
        cjgzny: v.cjgzny, yx: v.yx.trim(), zzmm: v.zzmm, mzdm: v.mzdm, hyzk: v.hyzk, sg: v.sg, sfzjh: v.sfzjh.toUpperCase(), sfxs: v.sfxs === '1' ? (1 as const) : (0 as const),
        zwpj: v.zwpj.replace(/\s+$/, ''),
      };
      let wsd = (await withLoading(info ? api.call(resumesApi.update, { body }) : api.call(resumesApi.save, { body }))).qzGrjbxxBase.wsd;
      if (v.qzzt && v.qzzt !== (info?.qzzt ?? '')) {
        wsd = (await withLoading(api.call(resumesApi.updateState, { params: { qzzt: v.qzzt }, method: 'POST' }))).wsd;
      }
      updateSession({ userName: body.xm });
      message.success('保存成功');
      const fresh = await reload();
      setEditing(false);
      onSaved(fresh, fresh?.wsd ?? wsd);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  const uploadAvatar = async (file: File) => {
    if (!info) {
      message.warning('请先填写并保存基本信息');
      return;
    }
    if (!/^image\/(jpeg|png)$/.test(file.type) && !['jpg', 'jpeg', 'png'].includes(extensionOf(file.name))) {
      message.warning('头像只能是 jpg、png 格式的图片');
      return;
    }
    try {
      const { info: cred } = await api.call(filesApi.seekerOssKey, { query: { fileType: 40 } });
      if (file.size > cred.maxSize) {
        message.warning(`头像大小不能超过 ${Math.round(cred.maxSize / 1024 / 1024)}MB`);
        return;
      }
      setAvatarPct(0);
      const keyName = await postToStorage(cred, file, setAvatarPct);
      const saved = await withLoading(api.call(filesApi.seekerSave, { body: { keyName, wjmc: file.name, wjgs: extensionOf(file.name), wjdx: file.size, upid: cred.upid, host: cred.host, wjlx: 40 } }));
      const r = await withLoading(api.call(resumesApi.update, { body: { txid: saved.wjid } }));
      updateSession({ avatar: saved.fileUrl });
      message.success('上传成功');
      const fresh = await reload();
      onSaved(fresh, r.qzGrjbxxBase.wsd);
    } catch (err) {
      toastError(err);
    } finally {
      setAvatarPct(null);
    }
  };

  const genders = codes?.lists.m_xbdm ?? [
    { dm: 'xb_001', name: '男' },
    { dm: 'xb_002', name: '女' },
  ];
  const place = (s: string, c: string) => [nameOf(codes, s), nameOf(codes, c)].filter(Boolean).join(' ');

  return (
    <section className="sk-card" id="section-base" aria-labelledby="section-base-title">
      <div className="sk-card__head">
        <h2 className="sk-card__title" id="section-base-title">
          基本信息
        </h2>
        {!editing ? (
          <Button
            variant="text"
            onClick={() => {
              setV(valuesOf(info));
              setEditing(true);
            }}
          >
            编辑
          </Button>
        ) : null}
      </div>
      <div className="sk-base">
        <div className="sk-base__avatar">
          <img src={avatarOf(info?.txUrl, info?.xbm ?? v.xbm)} alt="头像" width={88} height={88} />
          <Button variant="text" onClick={() => picker.current?.click()} disabled={avatarPct !== null}>
            {avatarPct !== null ? `上传中 ${avatarPct}%` : '更换头像'}
          </Button>
          <input
            ref={picker}
            type="file"
            accept="image/jpeg,image/png"
            hidden
            aria-label="选择头像图片"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void uploadAvatar(f);
            }}
          />
        </div>
        {editing ? (
          <form className="sk-base__form" onSubmit={submit} noValidate aria-label="编辑基本信息">
            {info === null ? <p className="sk-alert sk-alert--info">请先填写基本信息，保存后即可完善简历的其他部分。</p> : null}
            <div className="sk-form-grid">
              <Field id="sk-base-xm" label="姓名" required error={errors.xm}>
                <input id="sk-base-xm" maxLength={30} autoComplete="name" value={v.xm} onChange={(e) => set('xm', e.target.value)} {...invalid('sk-base-xm', errors.xm)} />
              </Field>
              <Field id="sk-base-xbm" label="性别" required error={errors.xbm}>
                <div className="sk-radios" role="radiogroup" aria-label="性别" id="sk-base-xbm" tabIndex={-1}>
                  {genders.map((g) => (
                    <label key={g.dm}>
                      <input type="radio" name="sk-base-xbm" value={g.dm} checked={v.xbm === g.dm} onChange={() => set('xbm', g.dm)} />
                      {g.name}
                    </label>
                  ))}
                </div>
              </Field>
              <Field id="sk-base-csrq" label="出生日期" error={errors.csrq}>
                <input id="sk-base-csrq" type="date" value={v.csrq} max={beijingToday()} onChange={(e) => set('csrq', e.target.value)} {...invalid('sk-base-csrq', errors.csrq)} />
              </Field>
              <Field id="sk-base-phone" label="手机号" hint="如需更换请到账号信息中修改">
                <input id="sk-base-phone" value={info?.phone || phone} readOnly />
              </Field>
              <Field id="sk-base-yx" label="电子邮箱" error={errors.yx}>
                <input id="sk-base-yx" type="email" maxLength={100} autoComplete="email" value={v.yx} onChange={(e) => set('yx', e.target.value)} {...invalid('sk-base-yx', errors.yx)} />
              </Field>
              <Field id="sk-base-qzzt" label="求职状态">
                <CodeSelect id="sk-base-qzzt" value={v.qzzt} options={codes?.lists.m_qzzt ?? []} onChange={(x) => set('qzzt', x)} />
              </Field>
              <Field id="sk-base-sfxs" label="在校生">
                <CodeSelect id="sk-base-sfxs" value={v.sfxs} options={[{ dm: '1', name: '是' }, { dm: '0', name: '否' }]} onChange={(x) => set('sfxs', x)} />
              </Field>
              <Field id="sk-base-dqszs" label="现居省份">
                <CodeSelect id="sk-base-dqszs" value={v.dqszs} options={codes?.provinces ?? []} onChange={(x) => set('dqszs', x)} />
              </Field>
              <Field id="sk-base-dqszcs" label="现居城市">
                <CodeSelect id="sk-base-dqszcs" value={v.dqszcs} options={!codes ? [] : v.dqszs ? (codes.cities[v.dqszs] ?? []) : Object.values(codes.cities).flat()} onChange={(x) => set('dqszcs', x)} />
              </Field>
              <Field id="sk-base-dqszxq" label="现居区县">
                <CodeSelect id="sk-base-dqszxq" value={v.dqszxq} options={(v.dqszcs && cityDistricts?.[v.dqszcs]) || []} onChange={(x) => set('dqszxq', x)} />
              </Field>
              <Field id="sk-base-jgdms" label="户口所在省份">
                <CodeSelect id="sk-base-jgdms" value={v.jgdms} options={codes?.provinces ?? []} onChange={(x) => set('jgdms', x)} />
              </Field>
              <Field id="sk-base-jgdmcs" label="户口所在城市">
                <CodeSelect id="sk-base-jgdmcs" value={v.jgdmcs} options={(v.jgdms && codes?.cities[v.jgdms]) || []} onChange={(x) => set('jgdmcs', x)} />
              </Field>
              <Field id="sk-base-cjgzny" label="参加工作时间" hint="暂无工作经验可不填">
                <input id="sk-base-cjgzny" type="month" value={v.cjgzny} onChange={(e) => set('cjgzny', e.target.value)} />
              </Field>
              <Field id="sk-base-zzmm" label="政治面貌">
                <CodeSelect id="sk-base-zzmm" value={v.zzmm} options={codes?.lists.m_zzmm ?? []} onChange={(x) => set('zzmm', x)} />
              </Field>
              <Field id="sk-base-mzdm" label="民族">
                <CodeSelect id="sk-base-mzdm" value={v.mzdm} options={codes?.lists.m_mzdm ?? []} onChange={(x) => set('mzdm', x)} />
              </Field>
              <Field id="sk-base-hyzk" label="婚姻状况">
                <CodeSelect id="sk-base-hyzk" value={v.hyzk} options={codes?.lists.m_hyzkdm ?? []} onChange={(x) => set('hyzk', x)} />
              </Field>
              <Field id="sk-base-sg" label="身高（厘米）" error={errors.sg}>
                <input id="sk-base-sg" inputMode="numeric" maxLength={3} value={v.sg} onChange={(e) => set('sg', e.target.value.trim())} {...invalid('sk-base-sg', errors.sg)} />
              </Field>
              <Field id="sk-base-sfzjh" label="身份证号" error={errors.sfzjh} hint="不向企业展示">
                <input id="sk-base-sfzjh" maxLength={18} autoComplete="off" value={v.sfzjh} onChange={(e) => set('sfzjh', e.target.value.trim())} {...invalid('sk-base-sfzjh', errors.sfzjh)} />
              </Field>
              <Field id="sk-base-zwpj" label="自我评价" wide>
                <textarea id="sk-base-zwpj" maxLength={1000} rows={4} placeholder="简要介绍自己的优势、性格与职业目标" value={v.zwpj} onChange={(e) => set('zwpj', e.target.value)} />
              </Field>
            </div>
            <div className="sk-form-actions">
              {info ? <Button onClick={() => setEditing(false)}>取消</Button> : null}
              <Button type="submit" variant="primary" loading={busy} disabled={blocked}>
                保存
              </Button>
            </div>
          </form>
        ) : info ? (
          <dl className="sk-facts">
            <div>
              <dt>姓名</dt>
              <dd>{info.xm}</dd>
            </div>
            <div>
              <dt>性别</dt>
              <dd>{nameOf(codes, info.xbm, 'm_xbdm')}</dd>
            </div>
            <div>
              <dt>出生日期</dt>
              <dd>{info.csrq?.slice(0, 10) || '未填写'}</dd>
            </div>
            <div>
              <dt>手机号</dt>
              <dd>{info.phone}</dd>
            </div>
            <div>
              <dt>电子邮箱</dt>
              <dd>{info.yx || '未填写'}</dd>
            </div>
            <div>
              <dt>求职状态</dt>
              <dd>{nameOf(codes, info.qzzt, 'm_qzzt') || '未填写'}</dd>
            </div>
            <div>
              <dt>在校生</dt>
              <dd>{info.sfxs === 1 ? '是' : '否'}</dd>
            </div>
            <div>
              <dt>现居城市</dt>
              <dd>{place(info.dqszs, info.dqszcs) || '未填写'}</dd>
            </div>
            <div>
              <dt>户口所在地</dt>
              <dd>{place(info.jgdms, info.jgdmcs) || '未填写'}</dd>
            </div>
            <div>
              <dt>参加工作</dt>
              <dd>{info.cjgzny ? info.cjgzny.slice(0, 7) : '暂无工作经验'}</dd>
            </div>
            <div>
              <dt>政治面貌</dt>
              <dd>{nameOf(codes, info.zzmm, 'm_zzmm') || '未填写'}</dd>
            </div>
            <div>
              <dt>民族</dt>
              <dd>{nameOf(codes, info.mzdm, 'm_mzdm') || '未填写'}</dd>
            </div>
            <div>
              <dt>婚姻状况</dt>
              <dd>{nameOf(codes, info.hyzk, 'm_hyzkdm') || '未填写'}</dd>
            </div>
            <div>
              <dt>身高</dt>
              <dd>{info.sg ? `${info.sg} 厘米` : '未填写'}</dd>
            </div>
            <div className="sk-facts__wide">
              <dt>自我评价</dt>
              <dd>{info.zwpj || '未填写'}</dd>
            </div>
          </dl>
        ) : null}
      </div>
    </section>
  );
}
