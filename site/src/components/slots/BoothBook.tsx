/**
 * 预约面试 at a booth of an online fair: the enterprise's slots open at its booths (展位可约), for
 * one of the jobs the seeker applied to there. The booking becomes an accepted invitation, found
 * afterwards in 面试邀请 (改约, 取消预约, 下载日历, reminders).
 */
import { useState } from 'react';
import { Button, Dialog, message, toastError, withLoading } from '@zp/ui';
import { slotsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { BEIJING_TIME, withBeijingLabel } from '@zp/core/dates';
import { slotText } from '@zp/core/rules/slots';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { to } from '../../lib/paths';
import { SlotPicker } from './SlotPicker';
import './slots.css';

export function BoothBookDialog({ dwid, companyName, hxid, onClose }: { dwid: string; companyName: string; hxid: string; onClose: () => void }) {
  const data = useLoad(() => api.call(slotsApi.booth, { query: { dwid } }), [dwid], { toast: true });
  const [bsid, setBsid] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const applications = data.data?.applications ?? [];
  const application = applications.find((a) => a.bsid === bsid) ?? applications[0];
  const slots = (data.data?.slots ?? []).filter((x) => application && (x.jobIds.length === 0 || x.jobIds.includes(application.gwid)));
  const book = async () => {
    if (!application || !picked[0]) {
      message.warning('请选择一个时段');
      return;
    }
    try {
      const r = await withLoading(api.call(slotsApi.bookAtBooth, { body: { dwid, slotId: picked[0], bsid: application.bsid } }));
      message.success(`已预约 ${withBeijingLabel(slotText(r.booking.startsMs, r.booking.minutes))}，可在「面试邀请」中查看、改约或下载日历`);
      onClose();
    } catch (err) {
      toastError(err);
      void data.reload();
    }
  };
  const loaded = !!data.data;
  return (
    <Dialog
      open
      title={`预约面试 · ${companyName}`}
      width={560}
      onClose={onClose}
      footer={
        <>
          <Button onClick={onClose}>取消</Button>
          <GuardedButton variant="primary" disabled={!application || !slots.length} onClick={book}>
            确认预约
          </GuardedButton>
        </>
      }
    >
      {!loaded ? (
        <p className="slot-preview">{data.error ? '加载失败，请稍后重试' : '正在加载可预约的时段…'}</p>
      ) : !applications.length ? (
        <p className="slot-preview">
          在展位预约面试前，请先投递该单位的在招岗位。<a href={to(`public/enterdetail?dwid=${dwid}&hxid=${hxid}`)}>查看本场在招岗位 ›</a>
        </p>
      ) : (
        <>
          {applications.length > 1 ? (
            <label className="slot-job">
              面试岗位
              <select value={application?.bsid} onChange={(e) => {
                  setBsid(e.target.value);
                  setPicked([]);
                }}
              >
                {applications.map((a) => (
                  <option key={a.bsid} value={a.bsid}>
                    {a.gwmc}
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <p className="slot-preview">面试岗位：{application?.gwmc}</p>
          )}
          <p className="slot-preview">时间均为{BEIJING_TIME}。预约后可在「面试邀请」中改约、取消或下载日历。</p>
          {slots.length ? (
            <SlotPicker name={`booth-${dwid}`} slots={slots} selected={picked} onChange={setPicked} />
          ) : (
            <p className="sk-muted">该岗位暂时没有可预约的时段。</p>
          )}
        </>
      )}
    </Dialog>
  );
}
