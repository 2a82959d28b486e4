/**
 * /zppc/admin/site, 视频面试录像: how many days an interview recording is kept before it is
 * deleted (recorded only with everyone's consent; the HR may delete one sooner). A shorter time
 * deletes what is now too old at once.
 */
import { useEffect, useState } from 'react';
import { Button } from '@zp/ui';
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit } from '../console/lib';
import { Field, ListState } from '../console/ui';

const MAX_DAYS = 3650;

export default function RecordingRetention() {
  const loaded = useLoad(() => api.call(rtcApi.adminRecordingSettings), []);
  const [days, setDays] = useState('');
  const [error, setError] = useState('');
  useEffect(() => {
    if (loaded.data) setDays(String(loaded.data.data.recordingDays));
  }, [loaded.data]);
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const n = Number(days.trim());
    if (!/^\d+$/.test(days.trim()) || n < 1 || n > MAX_DAYS) {
      setError(`请填写 1 至 ${MAX_DAYS} 之间的整数天数`);
      return;
    }
    setError('');
    if (await act(api.call(rtcApi.adminSetRecordingSettings, { body: { recordingDays: n } }), true)) void loaded.reload();
  });
  const data = loaded.data?.data;
  return (
    <section className="hr-section-apart" aria-label="视频面试录像">
      <h2 className="hr-section__title">视频面试录像</h2>
      <ListState loading={loaded.loading} error={loaded.error} empty={false} onRetry={loaded.reload}>
        {data ? (
          <form className="hr-form" onSubmit={onSubmit} noValidate aria-label="录像保存设置">
            <p className="hr-field--wide hr-muted hr-small" style={{ margin: 0 }}>
              视频面试仅在全员同意后录制。录像在面试结束后保存下列天数，到期自动删除；企业 HR 可随时删除本单位的录像。现存录像 {data.kept} 个。
            </p>
            <Field label="录像保存天数" error={error || undefined} hint="缩短后，超过新期限的录像随即删除" htmlFor="rr-days">
              <input
                id="rr-days"
                className="hr-input"
                inputMode="numeric"
                maxLength={4}
                value={days}
                aria-invalid={error ? true : undefined}
                onChange={(e) => setDays(e.target.value)}
              />
            </Field>
            <div className="hr-form__actions hr-field--wide">
              <Button type="submit" variant="primary" disabled={blocked}>
                保存
              </Button>
            </div>
          </form>
        ) : null}
      </ListState>
    </section>
  );
}
