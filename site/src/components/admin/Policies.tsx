/**
 * /zppc/admin/policies: the 用户服务协议 and the 隐私政策 — every published version, and a new
 * one written from the current text. A version marked 重大变更 is put to everyone who agreed to
 * an earlier one on their next visit; a correction asks nobody.
 */
import { useState } from 'react';
import { Button } from '@zp/ui';
import { POLICY_KINDS, POLICY_NAMES, privacyApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { act, minutes, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { Field, ListState, Tag, FormDialog } from '../console/ui';
import { PolicyDialog, policyHref, type PolicyKind } from '../common/Policy';

type Row = ReplyOf<typeof privacyApi.adminPolicies>['list'][number];

function PublishDialog({ kind, current, onClose, onDone }: { kind: PolicyKind; current: Row | undefined; onClose: () => void; onDone: () => void }) {
  const [title, setTitle] = useState(current?.title ?? POLICY_NAMES[kind]);
  const [content, setContent] = useState(current?.content ?? '');
  const [reconsent, setReconsent] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const e: Record<string, string> = {};
    if (title.trim().length < 2) e.title = '请输入标题（至少 2 个字）';
    if (content.trim().length < 20) e.content = '请输入正文（至少 20 个字）';
    else if (current && content.trim() === current.content.trim() && title.trim() === current.title) e.content = '内容与当前版本相同';
    setErrors(e);
    const first = Object.keys(e)[0];
    if (first) {
      document.getElementById(`pl-${first}`)?.focus();
      return;
    }
    const body = { kind, title: title.trim(), content: content.trim(), reconsent: reconsent ? (1 as const) : (0 as const) };
    if (await act(api.call(privacyApi.adminPublish, { body }), reconsent ? '已发布，用户下次访问时将被请求重新同意' : '已发布')) onDone();
  });
  return (
    <FormDialog title={`发布新版本 · ${POLICY_NAMES[kind]}`} width={820} onClose={onClose} onSubmit={onSubmit} blocked={blocked} submitText="发布">
      <Field label="标题" required wide error={errors.title} htmlFor="pl-title">
        <input id="pl-title" className="hr-input" maxLength={60} value={title} aria-invalid={errors.title ? true : undefined} onChange={(e) => setTitle(e.target.value)} />
      </Field>
      <Field label="正文" required wide error={errors.content} htmlFor="pl-content" hint="纯文本，空一行分段；发布后不可修改，只能再发布新版本">
        <textarea id="pl-content" className="hr-input" rows={16} maxLength={50000} value={content} aria-invalid={errors.content ? true : undefined} onChange={(e) => setContent(e.target.value)} />
      </Field>
      <Field label="重新同意" wide>
        <label className="hr-check">
          <input type="checkbox" checked={reconsent} onChange={(e) => setReconsent(e.target.checked)} /> 重大变更：已同意旧版本的用户下次访问时须重新同意（仅更正错字时可不勾选）
        </label>
      </Field>
    </FormDialog>
  );
}

export default function Policies() {
  const [kind, setKind] = useState<PolicyKind>('privacy');
  const [publishing, setPublishing] = useState(false);
  const [viewing, setViewing] = useState<Row | null>(null);
  const list = useLoad(() => api.call(privacyApi.adminPolicies, { query: { kind } }), [kind]);
  const rows = list.data?.list ?? [];
  return (
    <>
      <div className="hr-toolbar">
        <div className="sk-tabs" role="tablist" aria-label="文档">
          {POLICY_KINDS.map((k) => (
            <button key={k} type="button" role="tab" aria-selected={k === kind} className="sk-tablink" onClick={() => setKind(k)}>
              {POLICY_NAMES[k]}
            </button>
          ))}
        </div>
        <div className="hr-toolbar__right">
          <a href={policyHref[kind]} target="_blank" rel="noopener">
            查看页面
          </a>
          <Button variant="primary" disabled={list.loading} onClick={() => setPublishing(true)}>
            发布新版本
          </Button>
        </div>
      </div>
      <ListState loading={list.loading} error={list.error} empty={!rows.length} emptyText="尚未发布" onRetry={list.reload}>
        {rows.map((r, i) => (
          <div className="hr-card" key={r.version}>
            <div className="hr-card__main">
              <p className="hr-card__title">
                {r.title} · 版本 {r.version}
                {i === 0 ? <Tag tone="success">当前版本</Tag> : null}
                {r.reconsent ? <Tag tone="warning">需重新同意</Tag> : <Tag>更正</Tag>}
              </p>
              <p className="hr-card__meta">
                <span>发布于 {minutes(r.publishedAt)}</span>
                <span>{r.content.length} 字</span>
              </p>
            </div>
            <div className="hr-card__side">
              <Button variant="text" onClick={() => setViewing(r)}>
                查看
              </Button>
            </div>
          </div>
        ))}
      </ListState>
      <PolicyDialog policy={viewing} onClose={() => setViewing(null)} />
      {publishing ? (
        <PublishDialog
          kind={kind}
          current={rows[0]}
          onClose={() => setPublishing(false)}
          onDone={() => {
            setPublishing(false);
            void list.reload();
          }}
        />
      ) : null}
    </>
  );
}
