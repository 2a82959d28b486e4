import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { WidgetProps } from '@zp/core/element';
import type * as C from '@zp/core/contract';
import { feedbackApi } from '@zp/core/routes';
import { $session, api } from '@zp/core/session';
import { failureText } from '@zp/core/client';
import { extensionOf, postToStorage } from '@zp/core/upload';
import { message, toastError, withLoading } from '@zp/ui';
import { CATEGORIES, HISTORY_PAGE_SIZE, MAX_TEXT, MSG, categoryName, checkImage, validateFeedback, type Category, type FeedbackErrors } from './validate.js';
import { UPLOAD_RULES } from '@zp/core/rules/files';

export type FeedbackProps = WidgetProps<'open'>;
type Row = C.Reply<typeof C.feedbackApi.history>['page']['list'][number];

/** The global event any page (the footer) dispatches to open the dialog. */
export const OPEN_EVENT = 'zp:feedback-open';

interface Image {
  name: string;
  pct: number;
  url: string;
}

function FeedbackForm({ loggedIn, onDone }: { loggedIn: boolean; onDone: () => void }) {
  const [wtlx, setWtlx] = useState<Category | null>(null);
  const [wtms, setWtms] = useState('');
  const [phone, setPhone] = useState('');
  const [image, setImage] = useState<Image | null>(null);
  const [errors, setErrors] = useState<FeedbackErrors>({});
  const [busy, setBusy] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const lastClick = useRef(0);

  const pick = async (file: File) => {
    const bad = checkImage(file);
    if (bad) {
      message.error(bad);
      return;
    }
    setImage({ name: file.name, pct: 0, url: '' });
    try {
      const { info } = await api.call(feedbackApi.ossKey, { method: 'GET' });
      const keyName = await postToStorage(info, file, (pct) => setImage((old) => (old ? { ...old, pct } : old)));
      const saved = await api.call(feedbackApi.saveImg, { body: { keyName, wjmc: file.name, wjgs: extensionOf(file.name), wjdx: file.size, upid: info.upid, host: info.host } });
      setImage({ name: file.name, pct: 100, url: saved.fileUrl });
    } catch (err) {
      setImage(null);
      message.warning(failureText(err));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateFeedback({ wtlx, wtms, phone }, loggedIn);
    setErrors(found);
    if (Object.keys(found).length) return;
    // The 1.5 s duplicate-click guard of spec section 5, on the write itself.
    const now = Date.now();
    if (now - lastClick.current < 1500) return;
    lastClick.current = now;
    if (image && !image.url) {
      message.warning('图片正在上传，请稍候');
      return;
    }
    setBusy(true);
    try {
      await withLoading(api.call(feedbackApi.add, { body: { wtlx: wtlx!, wtms: wtms.trim(), phone: loggedIn ? undefined : phone.trim(), imgUrl: image?.url ?? '' } }));
      message.success(MSG.done);
      setWtlx(null);
      setWtms('');
      setPhone('');
      setImage(null);
      onDone();
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="fb-form" onSubmit={submit} noValidate aria-label="提交反馈">
      <fieldset className="fb-field">
        <legend>
          <span className="fb-star">*</span>问题类型
        </legend>
        <div className="fb-radios" role="radiogroup" aria-invalid={errors.wtlx ? true : undefined}>
          {CATEGORIES.map((c) => (
            <label key={c.value} className={wtlx === c.value ? 'is-on' : undefined}>
              <input type="radio" name="wtlx" value={c.value} checked={wtlx === c.value} onChange={() => setWtlx(c.value)} />
              {c.label}
            </label>
          ))}
        </div>
        {errors.wtlx ? (
          <p className="fb-error" role="alert">
            {errors.wtlx}
          </p>
        ) : null}
      </fieldset>
      <div className="fb-field">
        <label htmlFor="fb-wtms">
          <span className="fb-star">*</span>问题描述
        </label>
        <textarea id="fb-wtms" rows={4} maxLength={MAX_TEXT} placeholder="请描述您遇到的问题或建议" value={wtms} onChange={(e) => setWtms(e.target.value)} aria-invalid={errors.wtms ? true : undefined} />
        <p className="fb-count">
          {wtms.length}/{MAX_TEXT}
        </p>
        {errors.wtms ? (
          <p className="fb-error" role="alert">
            {errors.wtms}
          </p>
        ) : null}
      </div>
      {!loggedIn ? (
        <div className="fb-field">
          <label htmlFor="fb-phone">
            <span className="fb-star">*</span>联系方式
          </label>
          <input id="fb-phone" type="tel" inputMode="numeric" maxLength={11} placeholder="请输入手机号，便于我们联系您" value={phone} onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))} aria-invalid={errors.phone ? true : undefined} />
          {errors.phone ? (
            <p className="fb-error" role="alert">
              {errors.phone}
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="fb-field">
        <span className="fb-label" id="fb-image-label">
          图片（选填，1 张）
        </span>
        {image ? (
          <div className="fb-image">
            {image.url ? <img src={image.url} alt="已上传的图片" /> : <span className="fb-image__name">{image.name}</span>}
            {image.url ? null : (
              <div className="fb-progress" role="progressbar" aria-label="上传进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={image.pct}>
                <i style={{ width: `${image.pct}%` }} />
              </div>
            )}
            <button type="button" className="fb-link" onClick={() => setImage(null)} aria-label="移除图片">
              移除
            </button>
          </div>
        ) : (
          <button type="button" className="fb-upload" onClick={() => picker.current?.click()} aria-describedby="fb-image-label">
            <span className="fb-plus" aria-hidden="true">
              +
            </span>
            <span>上传图片</span>
          </button>
        )}
        <p className="fb-hint">仅支持 jpg、jpeg、png 格式，大小不超过 {UPLOAD_RULES.feedback.label}</p>
        <input
          ref={picker}
          type="file"
          accept="image/jpeg,image/png"
          hidden
          aria-label="选择图片"
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) void pick(f);
          }}
        />
      </div>
      <div className="fb-actions">
        <button type="submit" className="zp-btn zp-btn--primary" disabled={busy}>
          提交
        </button>
      </div>
    </form>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: Row[]; total: number; pages: number } | null>(null);
  useEffect(() => {
    let live = true;
    api.call(feedbackApi.history, { params: { page, size: HISTORY_PAGE_SIZE }, method: 'GET' }).then(
      (r) => live && setData({ list: r.page.list, total: r.page.totalCount, pages: r.page.totalPage }),
      (err) => toastError(err),
    );
    return () => {
      live = false;
    };
  }, [page]);
  if (!data) return <p className="fb-muted">加载中…</p>;
  if (!data.list.length) return <p className="fb-muted fb-empty">暂无反馈记录</p>;
  return (
    <div>
      <ul className="fb-history">
        {data.list.map((r) => (
          <li key={r.bsid}>
            <p className="fb-history__head">
              <span className="fb-tag">{categoryName(r.wtlx)}</span>
              <span className="fb-muted">{r.createTime.slice(0, 16)}</span>
              <span className={`fb-state${r.zt ? ' is-done' : ''}`}>{r.zt ? '已回复' : '待处理'}</span>
            </p>
            <p className="fb-history__text">{r.wtms}</p>
            {r.imgUrl ? <img className="fb-history__img" src={r.imgUrl} alt="反馈图片" loading="lazy" /> : null}
            {r.cljg ? (
              <p className="fb-answer">
                <strong>平台回复：</strong>
                <span data-testid="feedback-answer">{r.cljg}</span>
                {r.clsj ? <span className="fb-muted">（{r.clsj.slice(0, 16)}）</span> : null}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
      {data.pages > 1 ? (
        <nav className="fb-pager" aria-label="分页">
          <button type="button" className="zp-btn" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            上一页
          </button>
          <span>
            {page} / {data.pages}（共 {data.total} 条）
          </span>
          <button type="button" className="zp-btn" disabled={page >= data.pages} onClick={() => setPage(page + 1)}>
            下一页
          </button>
        </nav>
      ) : null}
    </div>
  );
}

/**
 * The footer's feedback dialog (spec sections 2 and 5). Opens when the element has the `open`
 * attribute or on a `zp:feedback-open` event on window; closing removes the attribute and
 * dispatches `zp-feedback-close` from the element.
 */
export function Feedback({ host, open }: FeedbackProps) {
  // The API's origin (api-base, or the script's on a partner page) is set by defineWidget.
  const session = useStore($session);
  const loggedIn = session !== null;
  // lit sets an observed attribute's property to null once the attribute is removed.
  const attrOpen = open !== undefined && open !== null;
  const [shown, setShown] = useState(attrOpen);
  const [tab, setTab] = useState<'form' | 'history'>('form');
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => setShown(attrOpen), [attrOpen]);
  useEffect(() => {
    const onOpen = () => {
      setTab('form');
      setShown(true);
    };
    window.addEventListener(OPEN_EVENT, onOpen);
    return () => window.removeEventListener(OPEN_EVENT, onOpen);
  }, []);
  useEffect(() => {
    if (!shown) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    const before = document.activeElement as HTMLElement | null;
    box.current?.querySelector<HTMLElement>('input, textarea, button')?.focus();
    return () => {
      window.removeEventListener('keydown', onKey);
      before?.focus?.();
    };
  }, [shown]);

  const close = () => {
    setShown(false);
    host.removeAttribute('open');
    host.dispatchEvent(new CustomEvent('zp-feedback-close', { bubbles: true, composed: true }));
  };

  if (!shown) return null;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the backdrop closes, as Escape and the × button do for the keyboard
    <div className="fb-mask" onMouseDown={(e) => e.target === e.currentTarget && close()}>
      <div
        ref={box}
        className="fb-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="fb-title"
        onKeyDown={(e) => {
          // Keep Tab inside the dialog (its controls live in the shadow root).
          if (e.key !== 'Tab' || !box.current) return;
          const items = [...box.current.querySelectorAll<HTMLElement>('button:not([disabled]), input:not([disabled]):not([type="hidden"]):not([hidden]), textarea, a[href]')];
          if (!items.length) return;
          const active = (host.shadowRoot?.activeElement ?? null) as HTMLElement | null;
          const first = items[0];
          const last = items[items.length - 1];
          if (e.shiftKey && active === first) {
            e.preventDefault();
            last.focus();
          } else if (!e.shiftKey && active === last) {
            e.preventDefault();
            first.focus();
          }
        }}
      >
        <div className="fb-head">
          <h2 id="fb-title">意见反馈</h2>
          <button type="button" className="fb-close" aria-label="关闭" onClick={close}>
            ×
          </button>
        </div>
        {loggedIn ? (
          <div className="fb-tabs" role="tablist">
            <button type="button" role="tab" aria-selected={tab === 'form'} onClick={() => setTab('form')}>
              提交反馈
            </button>
            <button type="button" role="tab" aria-selected={tab === 'history'} onClick={() => setTab('history')}>
              反馈记录
            </button>
          </div>
        ) : null}
        <div className="fb-body">{tab === 'form' || !loggedIn ? <FeedbackForm loggedIn={loggedIn} onDone={() => (loggedIn ? setTab('history') : close())} /> : <History />}</div>
      </div>
    </div>
  );
}
