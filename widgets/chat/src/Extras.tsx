import { useEffect, useRef, useState } from 'react';
import type { Chat as ChatSDK } from '@zp/chat-sdk/provider';
import { failureText } from '@zp/core/client';
import { message as toast, useModal } from '@zp/ui';
import { RATING_DEFAULT, profilePatch, surveyPayload, zoomed } from './logic.js';


/** Image previewer: zoom ±0.1 (min 0.1), rotate 90°, previous/next, counter. */
export function ImagePreview({ urls, start, onClose }: { urls: string[]; start: number; onClose: () => void }) {
  const [index, setIndex] = useState(start);
  const [scale, setScale] = useState(1);
  const [rotate, setRotate] = useState(0);
  const go = (step: number) => {
    setIndex((i) => (i + step + urls.length) % urls.length);
    setScale(1);
    setRotate(0);
  };
  // Modal over the panel: Escape closes the preview only, focus comes back to the picture.
  const box = useRef<HTMLDivElement>(null);
  const trapTab = useModal(box, true, onClose);
  return (
    <div className="preview" role="dialog" aria-modal="true" aria-label="图片预览" tabIndex={-1} ref={box} onKeyDown={trapTab} onClick={(e) => e.target === e.currentTarget && onClose()}>
      <img src={urls[index]} alt="预览" style={{ transform: `scale(${scale}) rotate(${rotate}deg)` }} />
      <div className="preview-bar">
        <button type="button" onClick={() => go(-1)} aria-label="上一张">‹</button>
        <span className="counter">{index + 1} / {urls.length}</span>
        <button type="button" onClick={() => go(1)} aria-label="下一张">›</button>
        <button type="button" onClick={() => setScale((s) => zoomed(s, -1))} aria-label="缩小">−</button>
        <button type="button" onClick={() => setScale((s) => zoomed(s, 1))} aria-label="放大">+</button>
        <button type="button" onClick={() => setRotate((r) => r + 90)} aria-label="旋转">⟳</button>
        <button type="button" onClick={onClose} aria-label="关闭预览">×</button>
      </div>
    </div>
  );
}

/** My profile in the side bar: a popover with an edit form. */
export function MyProfile({ chat }: { chat: ChatSDK }) {
  const [profile, setProfile] = useState<{ userID: string; nick: string; avatar: string } | null>(null);
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ nick: '', avatar: '', gender: '' });
  useEffect(() => void chat.getMyProfile().then(({ data }) => setProfile(data), () => {}), [chat]);
  const save = async () => {
    const result = profilePatch(form);
    if ('warning' in result) {
      toast.warning(result.warning);
      setForm((f) => ({ ...f, avatar: '' }));
      return;
    }
    if (!Object.keys(result.patch).length) return setOpen(false);
    try {
      const { data } = await chat.updateMyProfile(result.patch as never);
      setProfile(data);
      toast.success('修改成功');
      setOpen(false);
    } catch (err) {
      toast.error(failureText(err));
    }
  };
  if (!profile) return null;
  return (
    <div className="me">
      <button type="button" className="me-button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {profile.nick || '设置昵称'}
      </button>
      {open && (
        <form className="create me-form" aria-label="编辑资料" onSubmit={(e) => (e.preventDefault(), void save())}>
          <label>昵称<input value={form.nick} placeholder={profile.nick} onChange={(e) => setForm({ ...form, nick: e.target.value })} /></label>
          <label>头像地址<input value={form.avatar} placeholder="http://…" onChange={(e) => setForm({ ...form, avatar: e.target.value })} /></label>
          <label>性别
            <select value={form.gender} onChange={(e) => setForm({ ...form, gender: e.target.value })}>
              <option value="">不修改</option>
              <option value="Gender_Type_Male">男</option>
              <option value="Gender_Type_Female">女</option>
            </select>
          </label>
          <div className="actions"><button type="submit" className="primary">保存</button><button type="button" onClick={() => setOpen(false)}>取消</button></div>
        </form>
      )}
    </div>
  );
}

type CustomPayload = { data: string; description: string; extension: string };

/** The rating survey: 1–5 (default 5) with a suggestion, sent as a custom message. */
export function RatingForm({ onSend, onCancel }: { onSend: (p: CustomPayload) => void; onCancel: () => void }) {
  const [score, setScore] = useState(RATING_DEFAULT);
  const [suggestion, setSuggestion] = useState('');
  return (
    <form className="create inline-form" aria-label="评价" onSubmit={(e) => (e.preventDefault(), onSend(surveyPayload(score, suggestion)))}>
      <div className="stars" role="radiogroup" aria-label="评分">
        {[1, 2, 3, 4, 5].map((n) => (
          <button key={n} type="button" role="radio" aria-checked={score === n} aria-label={`${n} 分`} className={n <= score ? 'on' : ''} onClick={() => setScore(n)}>★</button>
        ))}
      </div>
      <label>建议<textarea value={suggestion} onChange={(e) => setSuggestion(e.target.value)} /></label>
      <div className="actions"><button type="submit" className="primary">提交</button><button type="button" onClick={onCancel}>取消</button></div>
    </form>
  );
}
