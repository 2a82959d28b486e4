/**
 * 举报: the dialog every place that offers a report opens (a job's page; the chat, with the
 * conversation's messages as evidence): what is reported, a reason, the person's words, and a
 * phone from a visitor. It sends complianceApi.report; the server keeps its own copy of a job or
 * an enterprise as evidence and the report reaches the operator console.
 */
import { useId, useState } from 'react';
import { api } from '@zp/core/session';
import { REPORT_REASONS, complianceApi } from '@zp/core/routes';
import type { ReportKind } from '@zp/core/contract';
import { isPhone } from '@zp/core/rules/phone';
import { Dialog } from './dialog.js';
import { Button } from './button.js';
import { message, toastError } from './message.js';
import { useSession } from './use-session.js';

type Reason = keyof typeof REPORT_REASONS;

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  kind: ReportKind;
  /** the reported item's id: a job's gwid, an enterprise's dwid, a chat message's ID, a user's ID */
  targetId: string;
  /** how the dialog names it ('Java 开发（某某公司）') */
  targetName: string;
  /** evidence the caller holds (the chat's messages as text); read when the report is sent */
  evidence?: () => string;
  /** where it renders (a widget's overlay layer); document.body by default */
  container?: Element;
}

export function ReportDialog({ open, onClose, kind, targetId, targetName, evidence, container }: ReportDialogProps) {
  const session = useSession();
  const id = useId();
  const [reason, setReason] = useState<Reason | 0>(0);
  const [text, setText] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; text?: string; phone?: string }>({});
  const [sending, setSending] = useState(false);

  const send = async () => {
    const e: typeof errors = {};
    if (!reason) e.reason = '请选择举报原因';
    if (!text.trim()) e.text = '请写明举报的具体情况';
    if (!session && !isPhone(phone.trim())) e.phone = '请输入正确的手机号，以便平台核实';
    setErrors(e);
    if (Object.keys(e).length || !reason) return;
    setSending(true);
    try {
      const zj = evidence?.().trim();
      const r = await api.call(complianceApi.report, {
        body: { lx: kind, dxid: targetId, yy: reason, sm: text.trim(), ...(zj ? { zj: zj.slice(0, 5000) } : {}), ...(session ? {} : { phone: phone.trim() }) },
      });
      message.success(r.msg);
      setReason(0);
      setText('');
      onClose();
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      open={open}
      title="举报"
      onClose={onClose}
      width={520}
      container={container}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <Button variant="primary" loading={sending} onClick={() => void send()}>
            提交举报
          </Button>
        </>
      }
    >
      <form
        className="zp-report"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <p className="zp-report__target">举报对象：{targetName}</p>
        <fieldset className="zp-report__reasons" aria-describedby={errors.reason ? `${id}-reason` : undefined}>
          <legend>举报原因</legend>
          {(Object.entries(REPORT_REASONS) as [string, string][]).map(([code, label]) => (
            <label key={code}>
              <input type="radio" name={`${id}-reason`} value={code} checked={reason === Number(code)} onChange={() => {
                  setReason(Number(code) as Reason);
                  setErrors((x) => ({ ...x, reason: undefined }));
                }} />
              {label}
            </label>
          ))}
          {errors.reason ? (
            <p className="zp-report__error" id={`${id}-reason`} role="alert">
              {errors.reason}
            </p>
          ) : null}
        </fieldset>
        <label className="zp-report__label" htmlFor={`${id}-text`}>
          举报说明
        </label>
        <textarea
          id={`${id}-text`}
          rows={4}
          maxLength={500}
          placeholder="请写明具体情况，如对方要求交纳的费用、时间和方式"
          value={text}
          aria-invalid={errors.text ? true : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setErrors((x) => ({ ...x, text: undefined }));
          }}
        />
        {errors.text ? (
          <p className="zp-report__error" role="alert">
            {errors.text}
          </p>
        ) : null}
        {session ? null : (
          <>
            <label className="zp-report__label" htmlFor={`${id}-phone`}>
              联系电话
            </label>
            <input id={`${id}-phone`} type="tel" inputMode="numeric" maxLength={11} value={phone} aria-invalid={errors.phone ? true : undefined} onChange={(e) => {
                setPhone(e.target.value);
                setErrors((x) => ({ ...x, phone: undefined }));
              }}
            />
            {errors.phone ? (
              <p className="zp-report__error" role="alert">
                {errors.phone}
              </p>
            ) : null}
          </>
        )}
        <p className="zp-report__note">平台会核实并处理每一条举报，处理结果将通过系统消息告知；请勿恶意举报。</p>
      </form>
    </Dialog>
  );
}
