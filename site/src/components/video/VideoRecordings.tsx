/**
 * Recordings of video interviews (recorded only with everyone's consent): an HR sees their
 * enterprise's, a job seeker those of interviews they were in, nobody else. Each can be played
 * or downloaded once composed (a short-lived link); one still being composed shows its progress
 * and the list refreshes until it is ready. The enterprise's HR may delete one. Shown on the HR's
 * interview page and the seeker's invitation page.
 */
import { useCallback, useEffect, useState } from 'react';
import { beijingDateTime, withBeijingLabel } from '@zp/core/dates';
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import type { RtcRecording } from '@zp/core/contract';
import { Button, confirm, message as toast, toastError } from '@zp/ui';
import { afterGuard } from '../seeker/AfterGuard';
import './video.css';

const REFRESH_MS = 3000;

const lengthText = (seconds: number | null) => (seconds === null ? '' : `${Math.floor(seconds / 60)}分${String(seconds % 60).padStart(2, '0')}秒`);
const whenText = (ms: number) => {
  const { date, time } = beijingDateTime(ms);
  return withBeijingLabel(`${date} ${time}`);
};

function VideoRecordings() {
  const [list, setList] = useState<RtcRecording[] | null>(null);

  const load = useCallback(async () => {
    try {
      setList((await api.call(rtcApi.recordings, {})).list);
    } catch {
      setList((l) => l ?? []);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);
  // While one is being composed, the list follows its progress.
  useEffect(() => {
    if (!list?.some((r) => r.state === 'processing')) return;
    const t = setTimeout(() => void load(), REFRESH_MS);
    return () => clearTimeout(t);
  }, [list, load]);

  const open = async (r: RtcRecording) => {
    try {
      const { url } = await api.call(rtcApi.recordingUrl, { params: { id: String(r.id) } });
      window.open(url, '_blank', 'noopener');
    } catch (err) {
      toastError(err);
    }
  };

  const remove = async (r: RtcRecording) => {
    if (!(await confirm({ title: '删除录像', message: `确定删除房间 ${r.roomId} 的面试录像吗？删除后无法恢复。`, confirmText: '删除', cancelText: '取消', danger: true }))) return;
    try {
      await api.call(rtcApi.deleteRecording, { params: { id: String(r.id) } });
      toast.success('录像已删除');
      await load();
    } catch (err) {
      toastError(err);
    }
  };

  if (!list?.length) return null;
  return (
    <section className="video-invites video-recordings" aria-label="视频面试录像">
      <h3>视频面试录像</h3>
      <ul>
        {list.map((r) => (
          <li key={r.id}>
            <span className="video-invites__text">
              房间 {r.roomId} 的面试录像
              <span className="video-invites__meta">{whenText(r.askedAt)}{r.seconds !== null ? ` · ${lengthText(r.seconds)}` : ''}</span>
            </span>
            {r.state === 'ready' ? <Button variant="primary" onClick={() => void open(r)}>播放/下载</Button> : null}
            {r.state === 'processing' ? <span className="video-invites__state" role="status">处理中 {r.progress}%</span> : null}
            {r.state === 'failed' ? <span className="video-invites__state">合成失败</span> : null}
            {r.canDelete ? <Button onClick={() => void remove(r)}>删除</Button> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default afterGuard(VideoRecordings);
