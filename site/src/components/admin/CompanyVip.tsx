/**
 * The operator sets an enterprise's paid membership (spec sections 6 and 9: paying HR have no
 * video-interview limit): on with a last day (inclusive, Beijing date), or withdrawn.
 */
import { useState } from 'react';
import { Button, Dialog } from '@zp/ui';
import { rtcApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { beijingToday } from '@zp/core/dates';
import { act, useGuardedSubmit } from '../console/lib';
import { useLoad } from '../../lib/load';
import { Field, Tag } from '../console/ui';

/** A year from today, the default end of a new membership. */
function inAYear(today: string): string {
  const [y, m, d] = today.split('-').map(Number);
  const next = new Date(Date.UTC(y! + 1, m! - 1, d!));
  return next.toISOString().slice(0, 10);
}

export function VipDialog({ dwid, dwmc, onClose }: { dwid: string; dwmc: string; onClose: () => void }) {
  const today = beijingToday();
  const [end, setEnd] = useState('');
  const [fieldError, setError] = useState('');
  const vip = useLoad(
    (): Promise<{ vip: number; vipEnd: string }> =>
      api.call(rtcApi.adminVip, { query: { dwid } }).then(({ data }) => {
        setEnd(data.vipEnd && data.vipEnd >= today ? data.vipEnd : inAYear(today));
        return data;
      }),
    [dwid],
  );
  const loaded = vip.data ?? null;
  // a failed load shows at the field, as a refused date does
  const error = fieldError || vip.error || '';

  const save = useGuardedSubmit(async () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(end) || end < today) {
      setError('请选择今天或以后的到期日');
      return;
    }
    if (await act(api.call(rtcApi.adminSetVip, { body: { dwid, vip: 1, vipEnd: end } }), '已设置付费会员')) onClose();
  });
  const withdraw = async () => {
    if (await act(api.call(rtcApi.adminSetVip, { body: { dwid, vip: 0 } }), '已取消付费会员')) onClose();
  };

  return (
    <Dialog open title={`「${dwmc}」的付费会员`} onClose={onClose} width={480}>
      <form className="hr-form hr-form--single" onSubmit={save.onSubmit} noValidate>
        <p className="hr-card__meta">
          当前状态：
          {loaded === null ? '加载中…' : loaded.vip === 1 ? <Tag tone="success">付费会员，至 {loaded.vipEnd}</Tag> : <Tag>非付费会员{loaded.vipEnd ? `（已于 ${loaded.vipEnd} 到期）` : ''}</Tag>}
        </p>
        <Field label="会员到期日" required error={error} htmlFor="vip-end" hint="到期日当天仍为会员；付费会员的 HR 视频面试不限时长和次数">
          <input id="vip-end" className="hr-input" type="date" min={today} value={end} aria-invalid={error ? true : undefined} onChange={(e) => setEnd(e.target.value)} />
        </Field>
        <div className="hr-form__actions" style={{ justifyContent: 'flex-end' }}>
          {loaded?.vip === 1 ? (
            <Button variant="text" onClick={() => void withdraw()}>
              取消会员
            </Button>
          ) : null}
          <Button onClick={onClose}>关闭</Button>
          <Button type="submit" variant="primary" disabled={save.blocked || loaded === null}>
            保存
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
