/**
 * 面试管理 → 面试时段: the enterprise's interview slots (upcoming or past) with who booked each,
 * 发布时段 (one or several back to back), 取消时段 (bookers are told and may book another), and
 * 进入面试 for a booked video slot when its time comes (the 1:1 video room with that seeker).
 */
import { useMemo, useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { jobsApi, slotsApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { BEIJING_TIME, beijingDateTime, beijingToday, chinaTime } from '@zp/core/dates';
import { ATTENDANCE_TEXT, SLOT_CUTOFF_HOURS, SLOT_LENGTHS, SLOT_MAX_CAPACITY, SLOT_MAX_COUNT, SLOT_MODES, slotEnterOpen, slotText, type Attendance, type SlotMode } from '@zp/core/rules/slots';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { Field, FormDialog, ListPager, ListState, Select, Tabs, Tag, resettingPage } from '../console/ui';
import { HrGate } from '../hr/hr';
import { resumePath } from '../hr/ReceivedResumes';
import { startVideoInterview } from '../video/start';
import './slots.css';

type Slot = ReplyOf<typeof slotsApi.list>['page']['list'][number];
const LIMIT = 10;

const cutoffText = (h: number) => (h ? `开始前 ${h} 小时截止改约` : '开始前均可改约');

function PublishDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const jobs = useLoad(() => api.call(jobsApi.listHr, { query: { gwzt: '2', page: 1, limit: 100 } }), []);
  const tomorrow = useMemo(() => beijingToday(Date.now() + 86_400_000), []);
  const [f, setF] = useState({ day: tomorrow, time: '10:00', minutes: '30', count: '4', mode: 'video' as SlotMode, address: '', capacity: '1', cutoffHours: '2' });
  const [jobIds, setJobIds] = useState<string[]>([]);
  const [atBooth, setAtBooth] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof f, v: string) => setF((p) => ({ ...p, [k]: v }));
  const start = chinaTime(`${f.day} ${f.time}`);
  const count = Number(f.count);
  const preview =
    Number.isFinite(start) && count >= 1 && count <= SLOT_MAX_COUNT
      ? Array.from({ length: Math.min(count, 4) }, (_, i) => beijingDateTime(start + i * Number(f.minutes) * 60_000).time).join('、') + (count > 4 ? ` … 共 ${count} 个` : '')
      : '';

  const save = async () => {
    const e: Record<string, string> = {};
    if (!(start > Date.now())) e.day = '开始时间须晚于当前时间';
    if (!(count >= 1 && count <= SLOT_MAX_COUNT && Number.isInteger(count))) e.count = `连续时段数为 1–${SLOT_MAX_COUNT}`;
    const capacity = Number(f.capacity);
    if (!(capacity >= 1 && capacity <= SLOT_MAX_CAPACITY && Number.isInteger(capacity))) e.capacity = `每个时段 1–${SLOT_MAX_CAPACITY} 人`;
    if (f.mode === 'onsite' && f.address.trim().length < 2) e.address = '现场面试请填写面试地址';
    setErrors(e);
    const first = Object.keys(e)[0];
    if (first) {
      document.getElementById(`slot-${first}`)?.focus();
      return;
    }
    const r = await act(
      api.call(slotsApi.add, {
        body: {
          startsAt: `${f.day} ${f.time}`,
          minutes: Number(f.minutes) as (typeof SLOT_LENGTHS)[number],
          count,
          mode: f.mode,
          ...(f.mode === 'onsite' ? { address: f.address.trim() } : {}),
          capacity,
          jobIds,
          cutoffHours: Number(f.cutoffHours) as (typeof SLOT_CUTOFF_HOURS)[number],
          atBooth,
        },
      }),
      true,
    );
    if (r) {
      onSaved();
      onClose();
    }
  };
  const { onSubmit, blocked } = useGuardedSubmit(save);
  return (
    <FormDialog title="发布面试时段" width={640} onClose={onClose} onSubmit={onSubmit} blocked={blocked} submitText="发布">
      <Field label={`日期（${BEIJING_TIME}）`} required error={errors.day} htmlFor="slot-day">
        <input id="slot-day" className="hr-input" type="date" min={beijingToday()} value={f.day} aria-invalid={errors.day ? true : undefined} onChange={(e) => set('day', e.target.value)} />
      </Field>
      <Field label="开始时间" required htmlFor="slot-time">
        <input id="slot-time" className="hr-input" type="time" step={300} value={f.time} onChange={(e) => set('time', e.target.value)} />
      </Field>
      <Field label="每个时段时长" required htmlFor="slot-minutes">
        <Select id="slot-minutes" value={f.minutes} options={SLOT_LENGTHS.map((m) => ({ value: String(m), label: `${m} 分钟` }))} onChange={(v) => set('minutes', v)} />
      </Field>
      <Field label="连续时段数" required error={errors.count} htmlFor="slot-count" hint={preview ? `开始于 ${preview}` : undefined}>
        <input id="slot-count" className="hr-input" type="number" min={1} max={SLOT_MAX_COUNT} value={f.count} aria-invalid={errors.count ? true : undefined} onChange={(e) => set('count', e.target.value)} />
      </Field>
      <Field label="面试方式" required>
        {(Object.keys(SLOT_MODES) as SlotMode[]).map((m) => (
          <label key={m} className="hr-check">
            <input type="radio" name="slot-mode" checked={f.mode === m} onChange={() => set('mode', m)} /> {SLOT_MODES[m]}
          </label>
        ))}
      </Field>
      <Field label="每个时段人数" required error={errors.capacity} htmlFor="slot-capacity" hint="多于 1 人即为群面">
        <input id="slot-capacity" className="hr-input" type="number" min={1} max={SLOT_MAX_CAPACITY} value={f.capacity} aria-invalid={errors.capacity ? true : undefined} onChange={(e) => set('capacity', e.target.value)} />
      </Field>
      {f.mode === 'onsite' ? (
        <Field label="面试地址" required wide error={errors.address} htmlFor="slot-address">
          <input id="slot-address" className="hr-input" maxLength={100} value={f.address} placeholder="详细地址，如 深圳市南山区科苑路 15 号 8 楼" aria-invalid={errors.address ? true : undefined} onChange={(e) => set('address', e.target.value)} />
        </Field>
      ) : null}
      <Field label="改约截止" htmlFor="slot-cutoff">
        <Select id="slot-cutoff" value={f.cutoffHours} options={SLOT_CUTOFF_HOURS.map((h) => ({ value: String(h), label: h ? `开始前 ${h} 小时` : '开始前均可' }))} onChange={(v) => set('cutoffHours', v)} />
      </Field>
      <Field label="展位可约" wide hint="勾选后，投递过本单位岗位的求职者可在网络招聘会的展位上直接预约这些时段">
        <label className="hr-check">
          <input type="checkbox" checked={atBooth} onChange={(e) => setAtBooth(e.target.checked)} />
          在招聘会展位开放预约
        </label>
      </Field>
      <Field label="适用岗位" wide hint="不选即适用于本单位全部岗位">
        <ul className="hr-checklist">
          {(jobs.data?.page.list ?? []).map((j) => (
            <li key={j.gwid}>
              <label className="hr-check">
                <input type="checkbox" checked={jobIds.includes(j.gwid)} onChange={(e) => setJobIds((p) => (e.target.checked ? [...p, j.gwid] : p.filter((x) => x !== j.gwid)))} />
                {j.gwmc}
              </label>
            </li>
          ))}
        </ul>
      </Field>
    </FormDialog>
  );
}

function SlotCard({ x, onChanged }: { x: Slot; onChanged: () => void }) {
  const withdraw = async () => {
    const message = x.booked ? `已有 ${x.booked} 位求职者预约该时段。取消后将通知他们改约其他时段，确定取消吗？` : '确定取消该时段吗？';
    if (!(await confirm({ title: '取消时段', message, danger: true, confirmText: '取消时段', cancelText: '保留' }))) return;
    if (await act(api.call(slotsApi.remove, { body: { id: x.id } }), true)) onChanged();
  };
  const over = x.startsMs + x.minutes * 60_000 <= Date.now();
  const begun = x.startsMs <= Date.now();
  const enter = x.mode === 'video' && slotEnterOpen(x.startsMs, x.minutes);
  const mark = async (bookingId: string, attendance: Attendance) => {
    if (await act(api.call(slotsApi.attendance, { body: { bookingId, attendance } }), true)) onChanged();
  };
  return (
    <div className="hr-card">
      <div className="hr-card__main">
        <p className="hr-card__title">
          <span>{slotText(x.startsMs, x.minutes)}</span>
          <Tag tone={x.mode === 'video' ? 'info' : 'primary'}>{SLOT_MODES[x.mode]}</Tag>
          <Tag tone={x.booked >= x.capacity ? 'success' : 'warning'}>
            已约 {x.booked}/{x.capacity}
          </Tag>
          {x.atBooth ? <Tag tone="primary">展位可约</Tag> : null}
        </p>
        <p className="hr-card__meta">
          <span>岗位：{x.jobTitles.length ? x.jobTitles.join('、') : '全部岗位'}</span>
          {x.mode === 'onsite' ? <span>地点：{x.address}</span> : null}
          <span>{cutoffText(x.cutoffHours)}</span>
          <span>发布人：{x.hrName}</span>
        </p>
        {x.bookers.length ? (
          <ul className="slot-bookers" aria-label="预约者">
            {x.bookers.map((b) => (
              <li key={b.bookingId}>
                <a href={resumePath(b.seekerId)}>{b.name}</a>
                <span className="hr-muted hr-small">{b.jobTitle}</span>
                {b.attendance ? <Tag tone={b.attendance === 'came' ? 'success' : 'danger'}>{ATTENDANCE_TEXT[b.attendance]}</Tag> : null}
                {begun && b.attendance ? (
                  <Button variant="text" onClick={() => void mark(b.bookingId, b.attendance === 'came' ? 'no_show' : 'came')}>
                    {b.attendance === 'came' ? '改为未到场' : '改为已到场'}
                  </Button>
                ) : begun ? (
                  <>
                    <Button variant="text" onClick={() => void mark(b.bookingId, 'came')}>
                      已到场
                    </Button>
                    <Button variant="text" onClick={() => void mark(b.bookingId, 'no_show')}>
                      未到场
                    </Button>
                  </>
                ) : null}
                {enter ? (
                  <Button variant="primary" onClick={() => void startVideoInterview(b.seekerId)}>
                    进入面试
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="hr-card__meta hr-small">暂无预约</p>
        )}
      </div>
      {over ? null : (
        <div className="hr-card__side">
          <Button onClick={withdraw}>
            取消时段
          </Button>
        </div>
      )}
    </div>
  );
}

function List() {
  const [scope, setScope] = useState<'upcoming' | 'past'>('upcoming');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const list = useLoad(() => api.call(slotsApi.list, { query: { scope, page, limit: LIMIT } }), [scope, page]);
  const data = list.data?.page;
  return (
    <section className="hr-section" aria-labelledby="slots-title">
      <h2 className="hr-section__title" id="slots-title">
        面试时段
      </h2>
      <div className="hr-toolbar">
        <Tabs
          label="时段范围"
          active={scope}
          onChange={resettingPage(setScope, setPage)}
          items={[
            { key: 'upcoming', label: '即将开始' },
            { key: 'past', label: '已结束' },
          ]}
        />
        <div className="hr-toolbar__right">
          <Button variant="primary" onClick={() => setAdding(true)}>
            发布时段
          </Button>
        </div>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText={scope === 'upcoming' ? '还没有面试时段。发布后，可在面试邀请中让求职者自行预约。' : '暂无已结束的时段'} onRetry={list.reload}>
        {data?.list.map((x) => <SlotCard key={x.id} x={x} onChanged={list.reload} />)}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {adding ? <PublishDialog onClose={() => setAdding(false)} onSaved={list.reload} /> : null}
    </section>
  );
}

export default function HrSlots() {
  return (
    <HrGate approved>
      <List />
    </HrGate>
  );
}
