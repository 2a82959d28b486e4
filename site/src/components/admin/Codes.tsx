/**
 * /zppc/admin/codes: the code tables behind every picker (regions, job categories, education,
 * industries, ...). Add an entry, rename it, withdraw it (disabled entries leave the pickers but
 * keep naming old records) or bring it back. Every node's cache is cleared by the server.
 */
import { useEffect, useState } from 'react';
import { Button } from '@zp/ui';
import { adminApi } from '@zp/core/routes';
import { api } from '@zp/core/session';
import { GuardedButton } from '../common/ClickGuard';
import { useLoad } from '../../lib/load';
import { act, useGuardedSubmit, type ReplyOf } from '../console/lib';
import { Field, ListState, Select, Tag, FormDialog } from '../console/ui';

type Table = ReplyOf<typeof adminApi.codeTables>['list'][number];
type Item = ReplyOf<typeof adminApi.codeItems>['list'][number];
const CODE = /^[A-Za-z0-9_]{1,20}$/;

function ItemDialog({ table, item, parent, onClose, onSaved }: { table: Table; item: Item | null; parent: string; onClose: () => void; onSaved: () => void }) {
  const [dm, setDm] = useState(item?.dm ?? '');
  const [mc, setMc] = useState(item?.mc ?? '');
  const [px, setPx] = useState(item?.px ?? 0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { onSubmit, blocked } = useGuardedSubmit(async () => {
    const e: Record<string, string> = {};
    if (!CODE.test(dm)) e.dm = '代码为 1-20 位字母、数字或下划线';
    if (!mc.trim()) e.mc = '请输入名称';
    if (table.parent && !(item?.sjdm || parent)) e.mc = '请先在列表上方选择上级代码';
    setErrors(e);
    if (Object.keys(e).length) return;
    const body = { table: table.table, dm, mc: mc.trim(), px, ...(table.parent ? { sjdm: item?.sjdm || parent } : {}) };
    if (await act(api.call(adminApi.saveCode, { body }), item ? '已保存' : '已新增')) onSaved();
  });
  return (
    <FormDialog title={item ? `修改「${item.mc}」` : `新增${table.title}条目`} width={480} onClose={onClose} onSubmit={onSubmit} blocked={blocked} single>
      <Field label="代码" required error={errors.dm} htmlFor="cd-dm" hint={item ? '代码不可修改' : '保存后不可修改，已使用的记录按代码引用'}>
        <input id="cd-dm" className="hr-input" maxLength={20} value={dm} disabled={!!item} onChange={(e) => setDm(e.target.value.trim())} />
      </Field>
      <Field label="名称" required error={errors.mc} htmlFor="cd-mc">
        <input id="cd-mc" className="hr-input" maxLength={50} value={mc} onChange={(e) => setMc(e.target.value)} />
      </Field>
      <Field label="排序" htmlFor="cd-px" hint="数字小的在前">
        <input id="cd-px" className="hr-input" type="number" min={0} max={1000000} value={px} onChange={(e) => setPx(Math.max(0, Math.floor(Number(e.target.value) || 0)))} />
      </Field>
    </FormDialog>
  );
}

function Items({ table }: { table: Table }) {
  const [parent, setParent] = useState('');
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Item | null | 'new'>(null);
  useEffect(() => setParent(''), [table.table]);
  const parents = useLoad(() => api.call(adminApi.codeItems, { query: { table: table.parent } }), [table.parent], { enabled: !!table.parent });
  const items = useLoad(() => api.call(adminApi.codeItems, { query: { table: table.table, ...(parent ? { sjdm: parent } : {}) } }), [table.table, parent], { enabled: !table.parent || !!parent });
  const enable = async (it: Item) => {
    const on = it.sfqy !== 1;
    if (await act(api.call(adminApi.enableCode, { body: { table: table.table, dm: it.dm, sfqy: on ? 1 : 0 } }), on ? '已启用' : '已停用')) void items.reload();
  };
  const shown = (items.data?.list ?? []).filter((it) => !filter || it.mc.includes(filter) || it.dm.includes(filter));
  return (
    <div>
      <div className="hr-toolbar">
        {table.parent ? (
          <Select label="上级代码" value={parent} placeholder={parents.loading ? '加载中…' : '请选择上级'} options={(parents.data?.list ?? []).map((p) => ({ value: p.dm, label: `${p.mc}（${p.dm}）` }))} onChange={setParent} />
        ) : null}
        <label className="zp-visually-hidden" htmlFor="cd-filter">按名称或代码过滤</label>
        <input id="cd-filter" className="hr-input" placeholder="按名称或代码过滤" value={filter} onChange={(e) => setFilter(e.target.value.trim())} />
        <div className="hr-toolbar__right">
          <Button variant="primary" disabled={!!table.parent && !parent} onClick={() => setEditing('new')}>
            新增条目
          </Button>
        </div>
      </div>
      {table.parent && !parent ? (
        <p className="hr-muted">该表的条目按上级分组，请先选择上级代码。</p>
      ) : (
        <ListState loading={items.loading} error={items.error} empty={!shown.length} emptyText="没有条目" onRetry={items.reload}>
          <div className="hr-table-wrap">
            <table className="hr-table">
              <thead>
                <tr>
                  <th scope="col">代码</th>
                  <th scope="col">名称</th>
                  <th scope="col">排序</th>
                  <th scope="col">状态</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((it) => (
                  <tr key={it.dm}>
                    <td>{it.dm}</td>
                    <td>{it.mc}</td>
                    <td>{it.px}</td>
                    <td>{it.sfqy === 1 ? <Tag tone="success">启用</Tag> : <Tag tone="warning">已停用</Tag>}</td>
                    <td>
                      <div className="hr-actions" style={{ justifyContent: 'flex-start' }}>
                        <Button variant="text" onClick={() => setEditing(it)}>
                          改名
                        </Button>
                        <GuardedButton variant="text" onClick={() => void enable(it)}>
                          {it.sfqy === 1 ? '停用' : '启用'}
                        </GuardedButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </ListState>
      )}
      {editing ? (
        <ItemDialog
          table={table}
          item={editing === 'new' ? null : editing}
          parent={parent}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void items.reload();
          }}
        />
      ) : null}
    </div>
  );
}

export default function Codes() {
  const tables = useLoad(() => api.call(adminApi.codeTables), []);
  const [current, setCurrent] = useState('');
  const list = tables.data?.list ?? [];
  const table = list.find((t) => t.table === current) ?? list[0];
  if (!tables.data) return <ListState loading={tables.loading} error={tables.error} empty onRetry={tables.reload}>{null}</ListState>;
  return (
    <div className="hr-codes">
      <ul className="hr-codes__tables" aria-label="代码表">
        {list.map((t) => (
          <li key={t.table}>
            <button type="button" aria-current={t.table === table?.table} onClick={() => setCurrent(t.table)}>
              <span>{t.title}</span>
              <span className="hr-muted hr-small">{t.count}</span>
            </button>
          </li>
        ))}
      </ul>
      {table ? <Items key={table.table} table={table} /> : null}
    </div>
  );
}
