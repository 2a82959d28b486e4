/** /zppc/admin/notices: notices and news — write, edit, publish or hide, delete. Published ones show on the home page's carousel and lists. */
import { useState } from 'react';
import { Button, confirm } from '@zp/ui';
import { contentApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { CardActions } from './CardActions';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type BodyOf, type ReplyOf } from '../console/lib';
import { useCodes } from '../console/codes';
import { Field, ListState, Select, Tag, ListPager, FormDialog } from '../console/ui';
import { to } from '../../lib/paths';

type Row = ReplyOf<typeof contentApi.adminNotices>['page']['list'][number];
type Input = BodyOf<typeof contentApi.adminNoticeSave>;
const LIMIT = 10;

function NoticeDialog({ notice, onClose, onSaved }: { notice: Row | null; onClose: () => void; onSaved: () => void }) {
  const codes = useCodes();
  const [f, setF] = useState<Input>(notice ? { bsid: notice.bsid, title: notice.title, types: notice.types, zxly: notice.zxly, content: notice.content, fbzt: notice.fbzt as 0 | 1 } : { title: '', types: '', zxly: '', content: '', fbzt: 1 });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof Input>(k: K, v: Input[K]) => setF((p) => ({ ...p, [k]: v }));
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const e: Record<string, string> = {};
    if (f.title.trim().length < 2) e.title = '请输入标题（至少 2 个字）';
    if (!f.types) e.types = '请选择资讯类别';
    if (!f.content.trim()) e.content = '请输入正文';
    setErrors(e);
    const first = Object.keys(e)[0];
    if (first) {
      document.getElementById(`nt-${first}`)?.focus();
      return;
    }
    if (await act(api.call(contentApi.adminNoticeSave, { body: { ...f, title: f.title.trim(), content: f.content.trim() } }), notice ? '公告已保存' : '公告已创建')) onSaved();
  });
  return (
    <FormDialog title={notice ? '编辑公告' : '新建公告'} width={760} onClose={onClose} onSubmit={onSubmit} blocked={blocked}>
      <Field label="标题" required wide error={errors.title} htmlFor="nt-title">
        <input id="nt-title" className="hr-input" maxLength={100} value={f.title} aria-invalid={errors.title ? true : undefined} onChange={(e) => set('title', e.target.value)} />
      </Field>
      <Field label="资讯类别" required error={errors.types} htmlFor="nt-types">
        <Select id="nt-types" value={f.types} options={codes?.options('m_zxlbdm') ?? []} placeholder="请选择" invalid={!!errors.types} onChange={(v) => set('types', v)} />
      </Field>
      <Field label="来源" htmlFor="nt-zxly">
        <Select id="nt-zxly" value={f.zxly ?? ''} options={codes?.options('m_zxlydm') ?? []} placeholder="不注明" onChange={(v) => set('zxly', v)} />
      </Field>
      <Field label="正文" required wide error={errors.content} htmlFor="nt-content" hint="纯文本，空一行分段">
        <textarea id="nt-content" className="hr-input" rows={12} maxLength={20000} value={f.content} aria-invalid={errors.content ? true : undefined} onChange={(e) => set('content', e.target.value)} />
      </Field>
      <Field label="发布状态">
        <label className="hr-check">
          <input type="checkbox" checked={f.fbzt === 1} onChange={(e) => set('fbzt', e.target.checked ? 1 : 0)} /> 保存后对外发布
        </label>
      </Field>
    </FormDialog>
  );
}

export default function Notices() {
  const codes = useCodes();
  const [title, setTitle] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Row | null | 'new'>(null);
  const list = useLoad(() => api.call(contentApi.adminNotices, { query: { page, limit: LIMIT, ...(search ? { title: search } : {}) } }), [search, page]);
  const find = useGuardedSubmit(() => {
    setPage(1);
    setSearch(title.trim());
  });
  const publish = async (n: Row) => {
    const on = n.fbzt !== 1;
    if (await act(api.call(contentApi.adminNoticePublish, { body: { bsid: n.bsid, fbzt: on ? 1 : 0 } }), on ? '已发布' : '已撤下')) void list.reload();
  };
  const remove = async (n: Row) => {
    if (await confirm({ message: `确定删除「${n.title}」吗？删除后不可恢复。`, danger: true, confirmText: '删除' }))
      if (await act(api.call(contentApi.adminNoticeDelete, { body: { bsid: n.bsid } }), '已删除')) void list.reload();
  };
  const data = list.data?.page;
  return (
    <>
      <form className="hr-toolbar" role="search" onSubmit={find.onSubmit}>
        <label className="zp-visually-hidden" htmlFor="an-title">标题</label>
        <input id="an-title" className="hr-input" placeholder="标题" maxLength={50} value={title} onChange={(e) => setTitle(e.target.value)} />
        <Button type="submit" disabled={find.blocked}>查找</Button>
        <div className="hr-toolbar__right">
          <Button variant="primary" onClick={() => setEditing('new')}>
            新建公告
          </Button>
        </div>
      </form>
      <ListState loading={list.loading} error={list.error} empty={!data?.list.length} emptyText="暂无公告" onRetry={list.reload}>
        {data?.list.map((n) => (
          <div className="hr-card" key={n.bsid}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                {n.fbzt === 1 ? <a href={to(`public/noticedetail?noticeid=${n.bsid}`)}>{n.title}</a> : n.title}
                <Tag tone={n.fbzt === 1 ? 'success' : 'warning'}>{n.fbzt === 1 ? '已发布' : '未发布'}</Tag>
              </p>
              <p className="hr-card__meta">
                {codes ? <span>{codes.name('m_zxlbdm', n.types)}</span> : null}
                {n.zxly && codes ? <span>来源：{codes.name('m_zxlydm', n.zxly)}</span> : null}
                <span>{minutes(n.releaseTime)}</span>
                <span>浏览 {n.visits}</span>
              </p>
            </div>
            <div className="hr-card__side">
              <CardActions on={n.fbzt === 1} turnOn="发布" turnOff="撤下" onEdit={() => setEditing(n)} onToggle={() => void publish(n)} onRemove={() => void remove(n)} />
            </div>
          </div>
        ))}
      </ListState>
      <ListPager page={data} onChange={setPage} loading={list.loading} />
      {editing ? (
        <NoticeDialog
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
