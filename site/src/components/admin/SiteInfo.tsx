/**
 * /zppc/admin/site: what every page's footer states about the operator — the ICP and public
 * security registration numbers, the 人力资源服务许可证, the service phone and where to report
 * (举报). Cached pages show a change on their next load.
 */
import { useEffect, useState } from 'react';
import { Button } from '@zp/ui';
import { complianceApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit, type BodyOf } from '../console/lib';
import { Field, ListState } from '../console/ui';

type Info = BodyOf<typeof complianceApi.adminSaveSiteInfo>;

const FIELDS: { key: keyof Info; label: string; placeholder: string; hint?: string; max: number }[] = [
  { key: 'icp', label: 'ICP备案号', placeholder: '如：京ICP备12345678号-1', hint: '页脚显示并链接到工业和信息化部备案系统', max: 50 },
  { key: 'gaba', label: '公安备案号', placeholder: '如：京公网安备 11010802012345号', max: 50 },
  { key: 'rlzyxkz', label: '人力资源服务许可证', placeholder: '许可证编号', hint: '经营性人力资源服务机构须公示', max: 50 },
  { key: 'fwdh', label: '客服电话', placeholder: '如：400-800-1234', max: 30 },
  { key: 'jbdh', label: '举报电话', placeholder: '如：010-12345678', max: 30 },
  { key: 'jbyx', label: '举报邮箱', placeholder: '如：jubao@example.cn', max: 100 },
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export default function SiteInfo() {
  const loaded = useLoad(() => api.call(complianceApi.siteInfo), []);
  const [f, setF] = useState<Info | null>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Info, string>>>({});
  useEffect(() => {
    if (loaded.data) setF(loaded.data.info);
  }, [loaded.data]);
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    if (!f) return;
    const e: Partial<Record<keyof Info, string>> = {};
    if (f.jbyx.trim() && !EMAIL.test(f.jbyx.trim())) e.jbyx = '举报邮箱格式不正确';
    setErrors(e);
    if (Object.keys(e).length) return;
    const body = Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.trim()])) as Info;
    if (await act(api.call(complianceApi.adminSaveSiteInfo, { body }), '网站信息已保存，页脚随即更新')) void loaded.reload();
  });
  return (
    <ListState loading={loaded.loading || !f} error={loaded.error} empty={false} onRetry={loaded.reload}>
      {f ? (
        <form className="hr-form" onSubmit={onSubmit} noValidate aria-label="网站信息">
          <p className="hr-field--wide hr-muted hr-small" style={{ margin: 0 }}>
            以下信息显示在每个页面的页脚；未填写的项目不显示。举报电话和邮箱之外，页脚还提供站内举报入口（岗位页面的“举报”）。
          </p>
          {FIELDS.map((x) => (
            <Field key={x.key} label={x.label} error={errors[x.key]} hint={x.hint} htmlFor={`si-${x.key}`}>
              <input
                id={`si-${x.key}`}
                className="hr-input"
                maxLength={x.max}
                placeholder={x.placeholder}
                value={f[x.key]}
                aria-invalid={errors[x.key] ? true : undefined}
                onChange={(e) => setF((p) => (p ? { ...p, [x.key]: e.target.value } : p))}
              />
            </Field>
          ))}
          <div className="hr-form__actions hr-field--wide">
            <Button type="submit" variant="primary" disabled={blocked}>
              保存
            </Button>
          </div>
        </form>
      ) : null}
    </ListState>
  );
}
