/**
 * 注销账号 and 下载我的数据 on the 账号信息 pages of both roles. Closing is confirmed with an SMS
 * code sent to the person's own phone and takes effect at once; what it deletes is the
 * 隐私政策's to say (linked), and the summary here matches it.
 */
import { useState } from 'react';
import { Button, Dialog, confirm, toastError, withLoading } from '@zp/ui';
import { api, clearSession } from '@zp/core/session';
import { privacyApi } from '@zp/core/routes';
import { failureText } from '@zp/core/client';
import { paths } from '../../lib/paths';
import { CodeButton, useCodeSender } from './SmsCode';
import { saveFile } from '../../lib/save-file';

const SUMMARY: Record<'qz' | 'hr', string> = {
  qz: '注销后立即生效且不可恢复：账号、在线简历、附件简历、投递与面试记录、收藏与关注、招聘会报名、消息提醒和聊天记录将被删除，用人单位将无法再看到您的任何信息。',
  hr: '注销后立即生效且不可恢复：您的姓名、职务、手机号、头像、聊天资料和登录日志将被删除；您以单位名义发布的岗位属于单位，由单位其他 HR 继续管理。',
};

const mask = (p: string) => (p.length === 11 ? `${p.slice(0, 3)}****${p.slice(7)}` : p);

/** Saves the person's data as a JSON file. */
async function downloadMyData() {
  try {
    const r = await withLoading(api.call(privacyApi.myData));
    const blob = new Blob([JSON.stringify({ exportedAt: r.exportedAt, ...r.data }, null, 2)], { type: 'application/json' });
    saveFile(blob, `我的数据-${r.exportedAt.slice(0, 10)}.json`);
  } catch (err) {
    toastError(err);
  }
}

function CloseDialog({ roleId, phone, onClose }: { roleId: 'qz' | 'hr'; phone: string; onClose: () => void }) {
  const [code, setCode] = useState('');
  const [understood, setUnderstood] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const codes = useCodeSender();
  const submit = async () => {
    if (!/^\d{6}$/.test(code)) {
      setError(code ? '验证码为 6 位数字' : '请输入验证码');
      document.getElementById('close-code')?.focus();
      return;
    }
    if (!understood) {
      setError('请确认您已了解注销的后果');
      return;
    }
    setError('');
    setBusy(true);
    try {
      const r = await withLoading(api.call(privacyApi.close, { body: { validateCode: code } }));
      clearSession();
      onClose();
      // Said here: the home page has no session, and no top bar that would show a toast left for it.
      await confirm({ title: '账号已注销', message: r.msg, confirmText: '返回首页', cancelText: '关闭', type: 'success' });
      window.location.assign(paths.home);
    } catch (err) {
      setError(failureText(err));
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      role="alertdialog"
      title="注销账号"
      width={520}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="danger" loading={busy} onClick={submit}>
            确认注销
          </Button>
        </>
      }
    >
      <div className="close-account">
        <p className="close-account__warn">{SUMMARY[roleId]}</p>
        <p>
          验证码将发送至 {mask(phone)}。注销前建议先<button type="button" className="close-account__link" onClick={downloadMyData}>下载我的数据</button>。
        </p>
        <div className="form-field">
          <label htmlFor="close-code">短信验证码</label>
          <div className="form-field__row">
            <input
              id="close-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="请输入 6 位验证码"
              value={code}
              onChange={(e) => {
                setCode(e.target.value.replace(/\D/g, ''));
                setError('');
              }}
              aria-invalid={error && !/^\d{6}$/.test(code) ? true : undefined}
            />
            <CodeButton left={codes.left} sending={codes.sending} onClick={() => codes.send(() => api.call(privacyApi.closeCode))} />
          </div>
        </div>
        <label className="close-account__ack">
          <input
            type="checkbox"
            checked={understood}
            onChange={(e) => {
              setUnderstood(e.target.checked);
              setError('');
            }}
          />
          <span>我已了解：注销后账号及上述信息将被删除，无法恢复</span>
        </label>
        {error ? (
          <p className="form-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </Dialog>
  );
}

/** The section: what closing means, the download, and the button that opens the confirmation. */
export function CloseAccount({ roleId, phone, className, titleClassName }: { roleId: 'qz' | 'hr'; phone: string; className: string; titleClassName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className={className} aria-labelledby="close-account-title">
      <h2 className={titleClassName} id="close-account-title">
        注销账号
      </h2>
      <p className="close-account__text">
        {SUMMARY[roleId]}详见<a href={paths.privacy}>《隐私政策》</a>。
      </p>
      <div className="close-account__actions">
        <Button onClick={downloadMyData}>下载我的数据</Button>
        <Button variant="danger" onClick={() => setOpen(true)}>
          注销账号
        </Button>
      </div>
      {open ? <CloseDialog roleId={roleId} phone={phone} onClose={() => setOpen(false)} /> : null}
    </section>
  );
}
