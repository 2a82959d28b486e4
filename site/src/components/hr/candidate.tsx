/**
 * What HR do with a candidate, from the received list, the favourites or the résumé page:
 * move the application along (shortlist, refuse, hire), invite to an interview (time, place,
 * contact), favourite, download the résumé (logged by the server).
 */
import { useMemo, useState } from 'react';
import { Button, Dialog, confirm, message } from '@zp/ui';
import { applicationsApi, jobsApi, relationsApi, resumeExportsApi, slotsApi } from '@zp/core/routes';
import { ApiError, REQUEST_FAILED_CODE, REQUEST_FAILED_MSG } from '@zp/core/client';
import type { ResumeDownloadFormat } from '@zp/core/contract';
import { api } from '@zp/core/session';
import { BEIJING_TIME, beijingInputValue, beijingToday, chinaTime } from '@zp/core/dates';
import { useLoad } from '../../lib/load';
import { saveFile } from '../../lib/save-file';
import { act, useGuardedSubmit } from '../console/lib';
import { useCodes } from '../console/codes';
import { useHr } from './hr';
import { Field, Select } from '../console/ui';
import { applicationText } from '../console/states';
import { SlotPicker } from '../slots/SlotPicker';

/** Where the invitation comes from: an application, or a seeker found in talent search. */
export type InviteTarget = { bsid: string; gwid: string; name: string; gwmc: string } | { qzbsid: string; name: string };

const PHONE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

export function InviteDialog({ target, onClose, onSent }: { target: InviteTarget; onClose: () => void; onSent: () => void }) {
  const { hr } = useHr();
  const codes = useCodes();
  const fromSearch = 'qzbsid' in target;
  const jobs = useLoad(() => api.call(jobsApi.listHr, { query: { gwzt: '2', page: 1, limit: 100 } }), [], { enabled: fromSearch });
  // The time is Beijing's whatever the HR's computer is set to: the seeker and the server read it so.
  const tomorrow = useMemo(() => `${beijingToday(Date.now() + 86400000)}T10:00`, []);
  const [f, setF] = useState({ gwid: '', mymc: '初试', mssj: tomorrow, mssf: '', mscs: '', msxxdz: '', lxr: hr.xm, sjhm: hr.phone, smxx: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f, v: string) => setF((p) => ({ ...p, [k]: v }));
  // 指定时间, or let the seeker book one of the enterprise's published slots for this job
  const [when, setWhen] = useState<'time' | 'slots'>('time');
  const [slotIds, setSlotIds] = useState<string[]>([]);
  const jobId = 'bsid' in target ? target.gwid : f.gwid;
  const open = useLoad(() => api.call(slotsApi.open, { query: jobId ? { gwid: jobId } : {} }), [jobId], { enabled: when === 'slots' });
  const pickable = (open.data?.list ?? []).map((x) => ({ ...x, left: x.capacity - x.booked }));

  const send = async () => {
    const e: Record<string, string> = {};
    if (fromSearch && !f.gwid) e.gwid = '请选择面试岗位';
    if (!f.mymc.trim()) e.mymc = '请输入邀约名称';
    if (when === 'slots') {
      if (!slotIds.length) e.slots = '请至少选择一个可预约时段';
    } else if (!f.mssj) e.mssj = '请选择面试时间';
    else if (!(chinaTime(f.mssj) > Date.now())) e.mssj = '面试时间须晚于当前时间';
    if (when === 'time' && f.msxxdz.trim().length < 2) e.msxxdz = '请输入面试地址（线上面试可填写“线上视频面试”）';
    if (!f.lxr.trim()) e.lxr = '请输入联系人';
    if (!PHONE.test(f.sjhm)) e.sjhm = '请输入正确的手机号或座机号（如 010-12345678）';
    setErrors(e);
    const first = Object.keys(e)[0];
    if (first) {
      document.getElementById(`inv-${first}`)?.focus();
      return;
    }
    const who = 'bsid' in target ? { hxrbsid: target.bsid } : { qzzid: target.qzbsid, gwid: f.gwid };
    const common = { ...who, mymc: f.mymc.trim(), lxr: f.lxr.trim(), sjhm: f.sjhm, ...(f.smxx.trim() ? { smxx: f.smxx.trim() } : {}) };
    const r = await act(
      when === 'slots' ? api.call(slotsApi.invite, { body: { ...common, slotIds } }) : api.call(applicationsApi.invite, {
        query: { ...common, mssj: f.mssj, msxxdz: f.msxxdz.trim(), ...(f.mssf ? { mssf: f.mssf } : {}), ...(f.mscs ? { mscs: f.mscs } : {}) },
        method: 'POST',
      }),
      true,
    );
    if (r) {
      onSent();
      onClose();
    }
  };
  const { onSubmit, blocked } = useGuardedSubmit(send);
  const input = (k: keyof typeof f, label: string, required: boolean, props: Record<string, unknown> = {}) => (
    <Field label={label} required={required} error={errors[k]} htmlFor={`inv-${k}`}>
      <input id={`inv-${k}`} className="hr-input" value={f[k]} aria-invalid={errors[k] ? true : undefined} onChange={(e) => set(k, e.target.value)} {...props} />
    </Field>
  );

  return (
    <Dialog open title={`邀请 ${target.name} 面试`} onClose={onClose} width={640}>
      <form className="hr-form" onSubmit={onSubmit} noValidate>
        {fromSearch ? (
          <Field label="面试岗位" required wide error={errors.gwid} htmlFor="inv-gwid">
            <Select id="inv-gwid" value={f.gwid} placeholder={jobs.loading ? '加载中…' : '请选择在招岗位'} options={(jobs.data?.page.list ?? []).map((j) => ({ value: j.gwid, label: j.gwmc }))} invalid={!!errors.gwid} onChange={(v) => set('gwid', v)} />
          </Field>
        ) : (
          <p className="hr-field--wide hr-muted" style={{ margin: 0 }}>应聘岗位：{target.gwmc}</p>
        )}
        {input('mymc', '邀约名称', true, { maxLength: 30, placeholder: '如：初试、复试' })}
        <Field label="面试时间" required>
          <label className="hr-check">
            <input type="radio" name="inv-when" checked={when === 'time'} onChange={() => setWhen('time')} /> 指定时间
          </label>
          <label className="hr-check">
            <input type="radio" name="inv-when" checked={when === 'slots'} onChange={() => setWhen('slots')} /> 由求职者预约时段
          </label>
        </Field>
        {when === 'slots' ? (
          <Field label={`可预约时段（${BEIJING_TIME}）`} required wide error={errors.slots} hint="求职者从所选时段中预约一个；时段在「面试管理 → 面试时段」中发布">
            {open.loading ? (
              <p className="hr-muted">加载中…</p>
            ) : pickable.length ? (
              <SlotPicker name="inv-slots" multiple slots={pickable} selected={slotIds} onChange={setSlotIds} />
            ) : (
              <p className="hr-muted">{jobId || !fromSearch ? '没有适用于该岗位、尚有空位的时段，请先在「面试管理」中发布时段。' : '请先选择面试岗位'}</p>
            )}
          </Field>
        ) : (
          <>
            {input('mssj', `面试时间（${BEIJING_TIME}）`, true, { type: 'datetime-local', min: beijingInputValue(Date.now()) })}
            <Field label="面试城市" htmlFor="inv-mssf">
              <Select id="inv-mssf" label="面试省份" value={f.mssf} options={codes?.provinces ?? []} placeholder="省份" onChange={(v) => setF((p) => ({ ...p, mssf: v, mscs: '' }))} />
              <Select id="inv-mscs" label="面试城市" value={f.mscs} options={codes && f.mssf ? codes.cities(f.mssf) : []} placeholder="城市" disabled={!f.mssf} onChange={(v) => set('mscs', v)} />
            </Field>
            {input('msxxdz', '面试地址', true, { maxLength: 100, placeholder: '详细地址，或“线上视频面试”' })}
          </>
        )}
        {input('lxr', '联系人', true, { maxLength: 20 })}
        {input('sjhm', '联系电话', true, { maxLength: 13 })}
        <Field label="说明" wide htmlFor="inv-smxx">
          <textarea id="inv-smxx" className="hr-input" rows={3} maxLength={500} placeholder="需携带的材料、乘车路线等" value={f.smxx} onChange={(e) => set('smxx', e.target.value)} />
        </Field>
        <div className="hr-form__actions" style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>取消</Button>
          <Button type="submit" variant="primary" disabled={blocked}>
            发送邀请
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Moves an application to a new state after a confirmation; resolves true when it changed. */
export async function setApplicationState(bsid: string, name: string, to: 3 | 5 | 6): Promise<boolean> {
  const text = applicationText(to);
  const warn = to === 5 || to === 6 ? '此操作后不能再更改该投递的状态。' : '';
  if (!(await confirm({ title: '更改投递状态', message: `确定将 ${name} 的投递标记为「${text}」吗？${warn}求职者会收到通知。`, danger: to === 5, confirmText: '确定' }))) return false;
  return !!(await act(api.call(applicationsApi.setState, { query: { bsid, type: to }, method: 'POST' }), `已标记为「${text}」`));
}

export async function toggleFavourite(qzbsid: string, on: boolean): Promise<boolean> {
  return on
    ? !!(await act(api.call(relationsApi.addFavourite, { query: { qzzid: qzbsid }, method: 'POST' }), '收藏成功'))
    : !!(await act(api.call(relationsApi.removeFavourite, { params: { qzbsid }, method: 'POST' }), '已取消收藏'));
}

/**
 * Saves the file behind a download link under its name, in this tab (no navigation, no pop-up).
 * The server counts the download as the file is fetched; a refusal comes back as its Chinese msg.
 */
async function saveLink(url: string, name: string): Promise<void> {
  const res = await fetch(url, { credentials: 'omit' });
  if (!res.ok) {
    const reply = (await res.json().catch(() => null)) as { code?: number; msg?: string } | null;
    throw new ApiError(reply?.code ?? REQUEST_FAILED_CODE, reply?.msg || REQUEST_FAILED_MSG, res.status);
  }
  saveFile(await res.blob(), name);
}

/** Downloads one candidate's résumé: the online résumé as PDF or Word, or an attachment. */
async function downloadResume(qzbsid: string, format: ResumeDownloadFormat, jlid?: string): Promise<boolean> {
  return !!(await act(async () => {
    const r = await api.call(resumeExportsApi.link, { body: { qzbsid, format, ...(jlid ? { jlid } : {}) } });
    await saveLink(r.url, r.name);
    return r;
  }, '简历已下载'));
}

/** Exports several candidates' résumés as one zip; resolves with how many went in. */
export async function exportResumes(qzbsids: string[], format: 'pdf' | 'docx', attachments: boolean): Promise<number | undefined> {
  const r = await act(async () => {
    const link = await api.call(resumeExportsApi.zip, { body: { qzbsids, format, fj: attachments ? 1 : 0 } });
    await saveLink(link.url, link.name);
    return link;
  });
  if (!r) return undefined;
  const skipped = qzbsids.length - r.count;
  message.success(skipped ? `已导出 ${r.count} 份简历；${skipped} 位求职者已隐藏简历或屏蔽了本单位，未导出` : `已导出 ${r.count} 份简历`);
  return r.count;
}

/** 下载简历: a choice of PDF, Word and the attachment the candidate sent (when there is one). */
/** Whose résumé to download, with the attachment they sent (when known). */
export interface DownloadTarget {
  qzbsid: string;
  name: string;
  attachment?: { id: string; name: string };
}

export function DownloadDialog({ target, onClose }: { target: DownloadTarget; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ResumeDownloadFormat, jlid?: string) => {
    setBusy(true);
    const ok = await downloadResume(target.qzbsid, format, jlid);
    setBusy(false);
    if (ok) onClose();
  };
  return (
    <Dialog open title={`下载 ${target.name} 的简历`} width={420} onClose={onClose} footer={<Button onClick={onClose}>取消</Button>}>
      <div className="hr-download">
        <Button variant="primary" block disabled={busy} onClick={() => void run('pdf')}>
          在线简历（PDF）
        </Button>
        <Button block disabled={busy} onClick={() => void run('docx')}>
          在线简历（Word）
        </Button>
        {target.attachment ? (
          <Button block disabled={busy} onClick={() => void run('file', target.attachment!.id)}>
            附件简历：{target.attachment.name}
          </Button>
        ) : null}
        <p className="hr-muted hr-small">每次下载都会记录，并计入求职者的「简历下载次数」。</p>
      </div>
    </Dialog>
  );
}
