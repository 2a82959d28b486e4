import { api } from '@zp/core/session';
import { applicationHistoryApi, WITHDRAWABLE_STATE } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { Button, confirm, message, withLoading, toastError } from '@zp/ui';
import { useLoad } from '../../lib/load';

type Event = C.Reply<typeof C.applicationHistoryApi.timeline>['events'][number];

/** 投递进度: each step of one application with its Beijing time, oldest first. */
export function ApplicationTimeline({ bsid }: { bsid: string }) {
  const events = useLoad(() => api.call(applicationHistoryApi.timeline, { params: { bsid } }).then((r): Event[] => r.events), [bsid], { toast: true }).data;
  if (!events) return <p className="sk-muted sk-small">加载中…</p>;
  return (
    <ol className="sk-timeline" aria-label="投递进度">
      {events.map((e, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end; a kind may repeat at the same minute
        <li key={`${e.kind}-${i}`} className={`sk-timeline__step${i === events.length - 1 ? ' sk-timeline__step--now' : ''}`}>
          <span className="sk-timeline__label">{e.label}</span>
          <time className="sk-timeline__at">{e.at}</time>
        </li>
      ))}
    </ol>
  );
}

/**
 * 撤回投递, offered while the application is still 已投递 (the server also refuses once the
 * enterprise downloaded the résumé). Resolves true when withdrawn.
 */
export function WithdrawButton({ a, onDone }: { a: { bsid: string; yyzt: number; gwmc: string; dwmc: string }; onDone: () => void }) {
  if (a.yyzt !== WITHDRAWABLE_STATE) return null;
  const run = async () => {
    const ok = await confirm({
      title: '撤回投递',
      message: `确定撤回对「${a.gwmc}」的投递吗？撤回后${a.dwmc}将看不到这份简历；之后仍可重新投递。`,
      danger: true,
      confirmText: '撤回',
    });
    if (!ok) return;
    try {
      const r = await withLoading(api.call(applicationHistoryApi.withdraw, { params: { bsid: a.bsid }, method: 'POST' }));
      message.success(r.msg);
      onDone();
    } catch (err) {
      toastError(err);
      onDone();
    }
  };
  return (
    <Button variant="text" className="sk-link--danger" onClick={() => void run()}>
      撤回投递
    </Button>
  );
}
