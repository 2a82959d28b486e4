/**
 * /enter_home/enter_info: register the enterprise (licence and logo uploaded through the
 * signed-policy flow), or ask to join one already registered; afterwards edit it and see the
 * operator's decision (shzt) with the reason (shsm).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@zp/ui';
import { COMPANY_LEGACY_OPTIONAL, companiesApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit, type BodyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { Field, ListState, Notice, Select, Tabs, Tag } from '../console/ui';
import FileUpload from './FileUpload';
import { COMPANY_STATE_TEXT, COMPANY_STATE_TONE } from '../console/states';
import { to } from '../../lib/paths';
import { UPLOAD_RULES } from '@zp/core/rules/files';

type Company = BodyOf<typeof companiesApi.register>;
type Errors = Partial<Record<keyof Company, string>>;

const EMPTY: Company = { dwmc: '', dwxz: '', sshy: '', dwgm: '', dwszsf: '', dwszcs: '', dwszxxdz: '', dwjs: '', tyshxydm: '', lxr: '', lxdh: '', dwwz: '', qydwimage: '', yyzzimage: '' };
const CREDIT_CODE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;
const CONTACT_PHONE = /^[0-9+\-() ]{7,20}$/;

/**
 * `later`: fields an enterprise from the older platform never had (COMPANY_LEGACY_OPTIONAL); an
 * edit saves without them, and the form asks for them above instead of refusing.
 */
function check(c: Company, later: ReadonlySet<string>): Errors {
  const e: Errors = {};
  if (c.dwmc.trim().length < 2) e.dwmc = '请输入单位名称（至少 2 个字）';
  if (!c.tyshxydm) {
    if (!later.has('tyshxydm')) e.tyshxydm = '请输入统一社会信用代码';
  }
  else if (!CREDIT_CODE.test(c.tyshxydm)) e.tyshxydm = '统一社会信用代码为 18 位数字或大写字母，请核对';
  if (!c.dwxz) e.dwxz = '请选择单位性质';
  if (!c.sshy) e.sshy = '请选择所属行业';
  if (!c.dwgm) e.dwgm = '请选择单位规模';
  if (!c.dwszsf || !c.dwszcs) e.dwszcs = '请选择所在省份和城市';
  if (!c.lxr.trim() && !later.has('lxr')) e.lxr = '请输入联系人';
  if (!c.lxdh) {
    if (!later.has('lxdh')) e.lxdh = '请输入联系电话';
  } else if (!CONTACT_PHONE.test(c.lxdh)) e.lxdh = '联系电话格式不正确';
  if (!c.yyzzimage && !later.has('yyzzimage')) e.yyzzimage = '请上传营业执照';
  return e;
}

function CompanyForm({ initial, urls, registered, onSaved }: { initial: Company; urls: { logo: string; licence: string }; registered: boolean; onSaved: () => void }) {
  const codes = useCodes();
  const [c, setC] = useState<Company>(initial);
  const [logoUrl, setLogoUrl] = useState(urls.logo);
  const [licenceUrl, setLicenceUrl] = useState(urls.licence);
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Company>(k: K, v: Company[K]) => setC((p) => ({ ...p, [k]: v }));
  const cities = useMemo(() => (codes && c.dwszsf ? codes.cities(c.dwszsf) : []), [codes, c.dwszsf]);
  // What the enterprise never had: optional for this edit, asked for until supplied.
  const later = useMemo<ReadonlySet<string>>(
    () => new Set(registered ? (Object.keys(COMPANY_LEGACY_OPTIONAL) as (keyof typeof COMPANY_LEGACY_OPTIONAL)[]).filter((k) => !initial[k]) : []),
    [registered, initial],
  );
  const stillMissing = (Object.keys(COMPANY_LEGACY_OPTIONAL) as (keyof typeof COMPANY_LEGACY_OPTIONAL)[]).filter((k) => later.has(k) && !c[k]);

  const submit = async () => {
    const found = check(c, later);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`co-${String(first)}`)?.focus();
      return;
    }
    const body: Company = { ...c, dwmc: c.dwmc.trim(), lxr: c.lxr.trim(), dwszxxdz: c.dwszxxdz.trim(), dwjs: c.dwjs.trim(), dwwz: c.dwwz?.trim() ?? '' };
    const r = registered ? await act(api.call(companiesApi.update, { body }), true) : await act(api.call(companiesApi.register, { body }), true);
    if (r) onSaved();
  };

  const { onSubmit, blocked } = useGuardedSubmit(submit);
  const text = (k: keyof Company, label: string, opts: { required?: boolean; max?: number; placeholder?: string } = {}) => (
    <Field label={label} required={opts.required && !later.has(k)} error={errors[k]} htmlFor={`co-${String(k)}`} hint={later.has(k) && !c[k] ? '待补充' : undefined}>
      <input
        id={`co-${String(k)}`}
        className="hr-input"
        value={(c[k] as string) ?? ''}
        maxLength={opts.max}
        placeholder={opts.placeholder}
        aria-invalid={errors[k] ? true : undefined}
        onChange={(ev) => set(k, ev.target.value)}
      />
    </Field>
  );
  const select = (k: 'dwxz' | 'sshy' | 'dwgm', label: string, table: 'm_dwxzdm' | 'm_dwsshydm' | 'm_dwgmdm') => (
    <Field label={label} required error={errors[k]} htmlFor={`co-${k}`}>
      <Select id={`co-${k}`} value={c[k]} options={codes?.options(table) ?? []} placeholder="请选择" invalid={!!errors[k]} onChange={(v) => set(k, v)} />
    </Field>
  );

  return (
    <form className="hr-form" onSubmit={onSubmit} noValidate>
      {stillMissing.length ? (
        <div className="hr-form__wide" data-testid="company-missing">
          <Notice tone="warning" title="单位信息待补充">
            请补充：{stillMissing.map((k) => COMPANY_LEGACY_OPTIONAL[k]).join('、')}。补充前也可以先保存其他修改。
          </Notice>
        </div>
      ) : null}
      {text('dwmc', '单位名称', { required: true, max: 50 })}
      {text('tyshxydm', '统一社会信用代码', { required: true, max: 18, placeholder: '18 位，如 91440300MA5XXXXX0X' })}
      {select('dwxz', '单位性质', 'm_dwxzdm')}
      {select('sshy', '所属行业', 'm_dwsshydm')}
      {select('dwgm', '单位规模', 'm_dwgmdm')}
      <Field label="所在地区" required error={errors.dwszcs} htmlFor="co-dwszsf">
        <Select id="co-dwszsf" label="所在省份" value={c.dwszsf} options={codes?.provinces ?? []} placeholder="省份" invalid={!!errors.dwszcs} onChange={(v) => setC((p) => ({ ...p, dwszsf: v, dwszcs: '' }))} />
        <Select id="co-dwszcs" label="所在城市" value={c.dwszcs} options={cities} placeholder="城市" invalid={!!errors.dwszcs} disabled={!c.dwszsf} onChange={(v) => set('dwszcs', v)} />
      </Field>
      {text('dwszxxdz', '详细地址', { max: 100 })}
      {text('dwwz', '单位网址', { max: 100, placeholder: 'https://' })}
      {text('lxr', '联系人', { required: true, max: 20 })}
      {text('lxdh', '联系电话', { required: true, max: 20 })}
      <Field label="单位简介" wide htmlFor="co-dwjs" hint={`${c.dwjs.length}/2000`}>
        <textarea id="co-dwjs" className="hr-input" rows={6} maxLength={2000} value={c.dwjs} onChange={(ev) => set('dwjs', ev.target.value)} />
      </Field>
      <Field label="营业执照" required={!later.has('yyzzimage')} error={errors.yyzzimage} hint={later.has('yyzzimage') && !c.yyzzimage ? '待补充' : undefined}>
        <FileUpload
          fileType={30}
          label="营业执照"
          url={licenceUrl}
          accept={['jpg', 'jpeg', 'png', 'pdf']}
          invalid={!!errors.yyzzimage}
          hint={`jpg、png 或 pdf，不超过 ${UPLOAD_RULES.company.label}；更换执照需重新审核`}
          onUploaded={(wjid, url) => {
            set('yyzzimage', wjid);
            setLicenceUrl(url);
            setErrors((p) => ({ ...p, yyzzimage: undefined }));
          }}
        />
      </Field>
      <Field label="单位 logo">
        <FileUpload
          fileType={20}
          label="logo"
          url={logoUrl}
          accept={['jpg', 'jpeg', 'png', 'gif', 'webp']}
          hint={`图片格式，不超过 ${UPLOAD_RULES.company.label}，建议正方形`}
          onUploaded={(wjid, url) => {
            set('qydwimage', wjid);
            setLogoUrl(url);
          }}
        />
      </Field>
      <div className="hr-form__actions">
        <Button variant="primary" type="submit" disabled={blocked}>
          {registered ? '保存修改' : '提交审核'}
        </Button>
        {registered ? <span className="hr-muted hr-small">修改单位名称、统一社会信用代码或营业执照后需重新审核。</span> : null}
      </div>
    </form>
  );
}

function JoinCompany({ onJoined }: { onJoined: () => void }) {
  const codes = useCodes();
  const [name, setName] = useState('');
  const [found, setFound] = useState<{ dwid: string; dwmc: string; dwszcs: string; shzt: number }[] | null>(null);
  const [error, setError] = useState('');

  const search = async () => {
    if (name.trim().length < 2) {
      setError('请输入至少 2 个字的单位名称');
      return;
    }
    setError('');
    const r = await act(api.call(companiesApi.findByName, { query: { dwmc: name.trim() } }));
    if (r) setFound(r.list);
  };
  const guarded = useGuardedSubmit(search);
  const join = async (dwid: string) => {
    const r = await act(api.call(companiesApi.joinCompany, { body: { dwid } }), true);
    if (r) onJoined();
  };

  return (
    <div>
      <p className="hr-muted">单位已由同事登记时，可申请加入该单位；单位内已加入的 HR 审核同意后即可使用企业中心。</p>
      <form className="hr-toolbar" onSubmit={guarded.onSubmit} role="search">
        <label className="zp-visually-hidden" htmlFor="join-name">单位名称</label>
        <input id="join-name" className="hr-input" placeholder="输入单位名称查找" value={name} maxLength={50} onChange={(e) => setName(e.target.value)} aria-invalid={error ? true : undefined} />
        <Button type="submit" variant="primary" disabled={guarded.blocked}>
          查找
        </Button>
      </form>
      {error ? <p className="hr-field__error" role="alert">{error}</p> : null}
      {found ? (
        <ListState loading={false} error={null} empty={!found.length} emptyText="没有找到该单位，请核对名称或登记新单位">
          {found.map((f) => (
            <div className="hr-card" key={f.dwid}>
              <div className="hr-card__main">
                <p className="hr-card__title">
                  {f.dwmc} <Tag tone={COMPANY_STATE_TONE[f.shzt]}>{COMPANY_STATE_TEXT[f.shzt]}</Tag>
                </p>
                <p className="hr-card__meta">{codes?.city(f.dwszcs) || ' '}</p>
              </div>
              <div className="hr-card__side">
                <GuardedButton variant="primary" onClick={() => void join(f.dwid)}>
                  申请加入
                </GuardedButton>
              </div>
            </div>
          ))}
        </ListState>
      ) : null}
    </div>
  );
}

export default function EnterInfo() {
  const info = useLoad(() => api.call(companiesApi.infoForHr), []);
  const [mode, setMode] = useState<'register' | 'join'>('register');
  const d = info.data;
  useEffect(() => {
    if (d?.sqzt === '1') setMode('join');
  }, [d?.sqzt]);

  if (!d) return <ListState loading={info.loading} error={info.error} empty onRetry={info.reload}>{null}</ListState>;

  const entity = d.BsKhglEntity;
  if (!entity) {
    if (d.sqzt === '1')
      return (
        <Notice tone="primary" title="加入单位的申请已提交">
          请等待该单位已加入的 HR 审核；审核通过后即可使用企业中心。
        </Notice>
      );
    return (
      <>
        {d.sqzt === '3' ? (
          <Notice tone="danger" title="加入单位的申请未通过">
            可重新申请加入其他单位，或登记新单位。
          </Notice>
        ) : (
          <Notice tone="warning" title="尚未登记单位">
            登记单位信息并通过平台审核后，即可发布职位、报名招聘会和管理简历。
          </Notice>
        )}
        <Tabs
          label="登记方式"
          active={mode}
          onChange={setMode}
          items={[
            { key: 'register', label: '登记新单位' },
            { key: 'join', label: '加入已有单位' },
          ]}
        />
        {mode === 'register' ? <CompanyForm initial={EMPTY} urls={{ logo: '', licence: '' }} registered={false} onSaved={info.reload} /> : <JoinCompany onJoined={info.reload} />}
      </>
    );
  }

  const { dwid: _dwid, shzt: _shzt, shsm: _shsm, createTime: _ct, ...fields } = entity;
  return (
    <>
      {d.shzt === 1 ? (
        <Notice tone="success" title="单位信息已审核通过" action={<a className="zp-btn" href={to(`public/enterdetail?dwid=${entity.dwid}`)}>查看单位主页</a>}>
          可发布职位、报名招聘会、管理收到的简历。
        </Notice>
      ) : d.shzt === 0 ? (
        <Notice tone="primary" title="单位信息审核中">
          平台运营人员审核后会通过消息提醒通知您，请耐心等待。
        </Notice>
      ) : (
        <Notice tone="danger" title="单位信息审核未通过">
          <p>审核说明：{d.shsm || '未填写'}</p>
          <p>请按说明修改后保存，单位信息将重新提交审核。</p>
        </Notice>
      )}
      <CompanyForm key={entity.dwid + d.shzt} initial={fields} urls={{ logo: d.qydwimageUrl, licence: d.yyzzimageUrl }} registered onSaved={info.reload} />
    </>
  );
}
