/** Picks and uploads one enterprise file (logo or licence) through the signed-policy flow, with progress. */
import { useId, useRef, useState } from 'react';
import { message, toastError } from '@zp/ui';
import { uploadCompanyFile, type CompanyFileType } from './upload';

interface Props {
  fileType: CompanyFileType;
  /** current file's url ('' for none) */
  url: string;
  /** extensions offered in the picker, e.g. ['jpg','png'] */
  accept: string[];
  label: string;
  onUploaded: (wjid: string, url: string) => void;
  invalid?: boolean;
  hint?: string;
}

export default function FileUpload({ fileType, url, accept, label, onUploaded, invalid, hint }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [name, setName] = useState('');
  const isPdf = /\.pdf($|\?)/i.test(url) || name.toLowerCase().endsWith('.pdf');

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const ext = (file.name.split('.').pop() ?? '').toLowerCase();
    if (!accept.includes(ext)) {
      message.warning(`${label}只能上传 ${accept.join('、')} 格式的文件`);
      return;
    }
    setProgress(0);
    try {
      const r = await uploadCompanyFile(file, fileType, setProgress);
      setName(r.name);
      onUploaded(r.wjid, r.fileUrl);
      message.success('上传成功');
    } catch (err) {
      toastError(err);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="hr-upload">
      <div className="hr-upload__preview" aria-hidden={!url}>
        {url && !isPdf ? <img src={url} alt={label} loading="lazy" /> : url ? <span>PDF 文件</span> : <span>未上传</span>}
      </div>
      <div className="hr-upload__side">
        <input
          ref={input}
          id={id}
          type="file"
          className="zp-visually-hidden"
          accept={accept.map((e) => `.${e}`).join(',')}
          aria-invalid={invalid || undefined}
          onChange={(e) => void pick(e.target.files?.[0])}
          disabled={progress !== null}
        />
        <label htmlFor={id} className={`zp-btn${progress !== null ? ' is-disabled' : ''}`} tabIndex={-1}>
          {url ? `重新上传${label}` : `上传${label}`}
        </label>
        {progress !== null ? (
          <div className="hr-progress" role="progressbar" aria-label={`${label}上传进度`} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <div className="hr-progress__bar" style={{ width: `${progress}%` }} />
          </div>
        ) : url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className="hr-small">
            {name || `查看${label}`}
          </a>
        ) : null}
        {hint ? <span className="hr-field__hint">{hint}</span> : null}
      </div>
    </div>
  );
}
