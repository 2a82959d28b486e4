import { useState } from 'react';
import { Button, Dialog, useSession, toastError } from '@zp/ui';
import { api } from '@zp/core/session';
import { applicationsApi, filesApi, relationsApi } from '@zp/core/routes';
import { GuardedButton } from '../common/ClickGuard';
import { NOT_LOGGED_IN_APPLY, NOT_LOGGED_IN_FAVOURITE } from '@zp/core/fairs';
import { requireLogin, seekerResumeReady, write } from '../../lib/actions';
import { ApplicationState } from '../common/ApplicationState';
import { useLoad } from '../../lib/load';

interface Props {
  gwid: string;
  dwid: string;
  /** The job is open (zt 1): closed jobs take no applications. */
  open: boolean;
  /** Reached from a fair hall: the application counts for that fair (双选会). */
  hxid?: string | null;
}

type Resume = { id: string; label: string };

/**
 * Apply (投递, td) and save (收藏, qzgwsc) on a job page, for job seekers: logged out → the login
 * confirm; résumé under 60 % → '请完善简历' and the résumé page; otherwise choose the online
 * résumé or an attachment résumé and send. HR and operators see no buttons.
 */
export default function JobActions({ gwid, dwid, open, hxid }: Props) {
  const session = useSession();
  // Failed look-ups leave the buttons unmarked; they still work.
  const mine = session?.roleId === 'qz';
  const applied = useLoad(() => api.call(applicationsApi.applied, { body: [gwid] }).then((r) => r.tdzt[gwid] ?? 0), [session?.token], { enabled: mine });
  const state = applied.data ?? 0; // yyzt of my application, 0 when none
  const setState = applied.setData;
  const flags = useLoad(() => api.call(relationsApi.jobFlags, { body: [gwid] }).then((r) => r.sczt[gwid] === 1), [session?.token], { enabled: mine });
  const saved = flags.data ?? false;
  const setSaved = flags.setData;
  const [saving, setSaving] = useState(false);
  const [choosing, setChoosing] = useState<Resume[] | null>(null);
  const [choice, setChoice] = useState('');

  if (session && session.roleId !== 'qz') return null;

  const startApply = async () => {
    const s = await requireLogin(NOT_LOGGED_IN_APPLY);
    if (s?.roleId !== 'qz' || !(await seekerResumeReady())) return;
    let files: Resume[] = [];
    try {
      files = (await api.call(filesApi.seekerList, { query: { fileType: 10 } })).fileList.map((f) => ({ id: f.bsid, label: f.wjmc }));
    } catch {
      // the online résumé is always there
    }
    setChoice('');
    setChoosing([{ id: '', label: '在线简历' }, ...files]);
  };

  const send = async () => {
    setChoosing(null);
    const query = { gwid, dwid, channel: 'pc', ...(choice ? { fjjlid: choice } : {}), ...(hxid ? { hxid } : {}) };
    if (await write(() => api.call(applicationsApi.apply, { query, method: 'POST' }), '投递成功')) setState(1);
  };

  const toggleSave = async () => {
    const s = await requireLogin(NOT_LOGGED_IN_FAVOURITE);
    if (s?.roleId !== 'qz') return;
    // A quick mark: the button shows it is busy, the page stays usable (no overlay).
    setSaving(true);
    try {
      const ok = saved
        ? await write(() => api.call(relationsApi.unsaveJob, { params: { dwid, gwid } }), '已取消收藏', { overlay: false })
        : await write(() => api.call(relationsApi.saveJob, { params: { dwid, gwid } }), '收藏成功', { overlay: false });
      if (ok) setSaved(!saved);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="detail-hero__actions">
      {state ? (
        <span className="detail-hero__state">
          投递状态 <ApplicationState yyzt={state} testId="application-state" />
        </span>
      ) : (
        <GuardedButton variant="primary" disabled={!open} onClick={() => startApply().catch(toastError)}>
          {open ? '投递简历' : '已停止招聘'}
        </GuardedButton>
      )}
      <GuardedButton aria-pressed={saved} loading={saving} onClick={() => toggleSave().catch(toastError)}>
        {saved ? '★ 已收藏' : '☆ 收藏'}
      </GuardedButton>
      <Dialog
        open={choosing !== null}
        title="选择投递的简历"
        width={420}
        onClose={() => setChoosing(null)}
        footer={
          <>
            <Button onClick={() => setChoosing(null)}>取消</Button>
            <Button variant="primary" onClick={() => void send()}>
              确认投递
            </Button>
          </>
        }
      >
        <fieldset className="resume-choice">
          <legend className="zp-visually-hidden">简历</legend>
          {(choosing ?? []).map((r) => (
            <label key={r.id || 'online'}>
              <input type="radio" name="resume" value={r.id} checked={choice === r.id} onChange={() => setChoice(r.id)} />
              <span>{r.id ? `附件简历：${r.label}` : r.label}</span>
            </label>
          ))}
        </fieldset>
      </Dialog>
    </div>
  );
}
