import { useRef, useState } from 'react';
import { useLoad } from '../../lib/load';
import { Button, Dialog, confirm, message, withLoading, toastError } from '@zp/ui';
import { api } from '@zp/core/session';
import { filesApi, MAX_RESUME_ATTACHMENTS, RESUME_ATTACHMENTS_FULL_MSG } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { postToStorage, extensionOf } from '@zp/core/upload';
import { failureText } from '@zp/core/client';
import { day, fileSize } from './common';
import { UPLOAD_RULES } from '@zp/core/rules/files';

type MyFile = C.Reply<typeof C.filesApi.seekerList>['fileList'][number];

/** At most three attachment résumés (the server refuses the upload credential beyond). */
export const MAX_ATTACHMENTS = MAX_RESUME_ATTACHMENTS;
/** The server's limit for an attachment résumé; this settles the spec's 2 MB / 10 MB conflict. */
const MAX_ATTACHMENT_BYTES = UPLOAD_RULES.resume.maxBytes;
export const FULL_MSG = RESUME_ATTACHMENTS_FULL_MSG;
const SIZE_MSG = `附件大小不能超过 ${UPLOAD_RULES.resume.label}`;

/**
 * Uploads a chosen attachment résumé, here and from the top bar: its size, the upload
 * credentials, its format, the signed-policy upload with `onProgress` (0–100 while it travels, null
 * when over), then its record. What goes wrong is said in a toast; true once it is stored.
 */
export async function sendAttachment(file: File, onProgress: (pct: number | null) => void): Promise<boolean> {
  if (file.size > MAX_ATTACHMENT_BYTES) {
    message.warning(SIZE_MSG);
    return false;
  }
  let info: C.Reply<typeof C.filesApi.seekerOssKey>['info'];
  try {
    info = (await api.call(filesApi.seekerOssKey, { query: { fileType: 10 } })).info;
  } catch (err) {
    // Spec section 8: an upload-credential failure shows as a warning.
    message.warning(failureText(err));
    return false;
  }
  if (info.accept.length && !info.accept.includes(extensionOf(file.name))) {
    message.warning(`附件简历仅支持 ${info.accept.join('、')} 格式`);
    return false;
  }
  onProgress(0);
  try {
    const keyName = await postToStorage(info, file, onProgress);
    await withLoading(
      api.call(filesApi.seekerSave, {
        body: { keyName, wjmc: file.name, wjbm: file.name, wjgs: extensionOf(file.name), wjdx: file.size, upid: info.upid, host: info.host, wjlx: 10 },
      }),
    );
    message.success('上传成功');
    return true;
  } catch (err) {
    toastError(err);
    return false;
  } finally {
    onProgress(null);
  }
}

/** Attachment résumés: list, upload with progress (signed-policy flow), rename, delete, download. */
export default function Attachments({ onChange }: { onChange?: (files: MyFile[]) => void }) {
  const [progress, setProgress] = useState<{ name: string; pct: number } | null>(null);
  const [renaming, setRenaming] = useState<MyFile | null>(null);
  const [newName, setNewName] = useState('');
  const picker = useRef<HTMLInputElement>(null);

  const loaded = useLoad(
    (): Promise<MyFile[]> =>
      api.call(filesApi.seekerList, { query: { fileType: 10 } }).then((r) => {
        onChange?.(r.fileList);
        return r.fileList;
      }),
    [],
    { toast: true },
  );
  const files = loaded.data ?? null;
  const load = loaded.reload;

  const full = (files?.length ?? 0) >= MAX_ATTACHMENTS;

  const choose = () => {
    if (full) {
      message.warning(FULL_MSG);
      return;
    }
    picker.current?.click();
  };

  const upload = async (file: File) => {
    if (await sendAttachment(file, (pct) => setProgress(pct === null ? null : { name: file.name, pct }))) await load();
  };

  const remove = async (f: MyFile) => {
    if (!(await confirm({ message: `确定删除附件简历「${f.wjmc}」吗？`, danger: true, confirmText: '删除' }))) return;
    try {
      await withLoading(api.call(filesApi.seekerDelete, { params: { bsid: f.bsid }, method: 'POST' }));
      message.success('删除成功');
      await load();
    } catch (err) {
      toastError(err);
    }
  };

  const rename = async () => {
    if (!renaming) return;
    const wjmc = newName.trim();
    if (!wjmc) {
      message.warning('请输入文件名称');
      return;
    }
    try {
      await withLoading(api.call(filesApi.seekerRename, { query: { bsid: renaming.bsid, wjmc }, method: 'POST' }));
      message.success('修改成功');
      setRenaming(null);
      await load();
    } catch (err) {
      toastError(err);
    }
  };

  return (
    <div className="sk-attach">
      {full ? (
        <div className="sk-alert" role="status" id="sk-attach-full">
          {FULL_MSG}
        </div>
      ) : null}
      {files === null ? (
        <p className="sk-muted">加载中…</p>
      ) : files.length === 0 ? (
        <p className="sk-muted">还没有附件简历。上传后可在投递时选择附件简历。</p>
      ) : (
        <ul className="sk-list">
          {files.map((f) => (
            <li className="sk-row" key={f.bsid}>
              <span className="sk-file-icon" aria-hidden="true">
                {f.wjgs.toUpperCase().slice(0, 4) || 'FILE'}
              </span>
              <div className="sk-row__main">
                <p className="sk-row__title" title={f.wjmc}>
                  {f.wjmc}
                </p>
                <p className="sk-row__meta">
                  <span>{fileSize(f.wjdx)}</span>
                  <span>上传于 {day(f.createTime)}</span>
                </p>
              </div>
              <div className="sk-row__actions">
                <a className="zp-btn zp-btn--text" href={f.fileUrl} target="_blank" rel="noopener" download={f.wjmc}>
                  下载
                </a>
                <Button
                  variant="text"
                  onClick={() => {
                    setRenaming(f);
                    setNewName(f.wjmc);
                  }}
                >
                  重命名
                </Button>
                <Button variant="text" className="sk-link--danger" onClick={() => remove(f)}>
                  删除
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {progress ? (
        <div className="sk-upload" aria-live="polite">
          <p className="sk-small">
            正在上传 {progress.name}（{progress.pct}%）
          </p>
          <div className="sk-progress" role="progressbar" aria-label="上传进度" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress.pct}>
            <i style={{ width: `${progress.pct}%` }} />
          </div>
        </div>
      ) : null}
      <div className="sk-attach__bar">
        <Button variant="primary" onClick={choose} disabled={!!progress || full} aria-describedby={full ? 'sk-attach-full' : undefined}>
          上传附件简历
        </Button>
        <span className="sk-muted sk-small">
          {full ? `已有 ${MAX_ATTACHMENTS} 份，已达上限，删除一份后才能上传` : `最多 ${MAX_ATTACHMENTS} 份，附件大小不能超过 ${UPLOAD_RULES.resume.label}，支持 pdf、doc、docx、jpg、png`}
        </span>
        <input
          ref={picker}
          type="file"
          hidden
          aria-label="选择附件简历"
          data-testid="attachment-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      <Dialog
        open={!!renaming}
        title="重命名附件简历"
        width={420}
        onClose={() => setRenaming(null)}
        footer={
          <>
            <Button onClick={() => setRenaming(null)}>取消</Button>
            <Button variant="primary" onClick={rename}>
              保存
            </Button>
          </>
        }
      >
        <div className="sk-field">
          <label htmlFor="sk-rename">文件名称</label>
          <input id="sk-rename" maxLength={100} value={newName} onChange={(e) => setNewName(e.target.value)} onKeyDown={(e) => e.key === 'Enter' && rename()} />
        </div>
      </Dialog>
    </div>
  );
}
