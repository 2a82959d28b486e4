/**
 * The 用户服务协议 and the 隐私政策 as the server publishes them (the operator edits them, in
 * versions): their text, the registration's consent to the current versions, and the prompt
 * that asks a logged-in person again when a new version asks for it.
 */
import { useState } from 'react';
import { Button, Dialog, toastError, withLoading } from '@zp/ui';
import { $session, api, logout } from '@zp/core/session';
import { POLICY_KINDS, POLICY_NAMES, privacyApi } from '@zp/core/routes';
import type * as C from '@zp/core/contract';
import { paths } from '../../lib/paths';
import { useLoad } from '../../lib/load';

export type Policy = C.Reply<typeof C.privacyApi.policy>['policy'];
export type PolicyKind = C.PolicyKind;

export const policyHref: Record<PolicyKind, string> = { terms: paths.agreement, privacy: paths.privacy };

/** Paragraphs of a document (blank lines separate them; single line breaks stay inside). */
function PolicyText({ policy }: { policy: Policy }) {
  return (
    <div className="policy-text">
      {policy.content
        .split(/\n\s*\n/)
        .map((p) => p.trim())
        .filter(Boolean)
        .map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the paragraphs of one fixed text, never reordered (two may read the same)
          <p key={i}>{p}</p>
        ))}
    </div>
  );
}

/** The current version of both documents (null until loaded); `reload` after the server said they changed. */
export function useCurrentPolicies() {
  const loaded = useLoad(
    async (): Promise<Record<PolicyKind, Policy>> => {
      const [terms, privacy] = await Promise.all(POLICY_KINDS.map((kind) => api.call(privacyApi.policy, { query: { kind } }).then((r) => r.policy)));
      return { terms, privacy };
    },
    [],
    { toast: true },
  );
  return { policies: loaded.data ?? null, reload: loaded.reload };
}

/** One document in a dialog, with 同意 when the form asks for it. */
export function PolicyDialog({ policy, onClose, onAgree }: { policy: Policy | null; onClose: () => void; onAgree?: () => void }) {
  return (
    <Dialog
      open={!!policy}
      title={policy ? `${POLICY_NAMES[policy.kind as PolicyKind]}` : ''}
      width={640}
      onClose={onClose}
      footer={
        onAgree ? (
          <Button variant="primary" onClick={onAgree}>
            同意并继续
          </Button>
        ) : undefined
      }
    >
      {policy ? (
        <>
          <p className="policy-meta">
            版本 {policy.version} · {policy.publishedAt.slice(0, 10)} 生效
          </p>
          <PolicyText policy={policy} />
        </>
      ) : null}
    </Dialog>
  );
}

/**
 * For a logged-in person: the documents published since they last agreed (a new version that
 * asks again, or none agreed yet, as after registering with the previous client). They agree or
 * log out; the site is not used on terms the person has not seen.
 */
export default function ConsentPrompt() {
  // Asked once, when the page opens with a session; a failure (logged out meanwhile, or offline) asks on the next page.
  const [loggedIn] = useState(() => !!$session.get());
  const loaded = useLoad(() => api.call(privacyApi.pendingConsent).then((r) => r.pending), [], { enabled: loggedIn });
  const pending = loaded.data ?? [];
  const setPending = loaded.setData;
  if (!pending.length) return null;
  const names = pending.map((p) => `《${POLICY_NAMES[p.kind as PolicyKind]}》`).join('和');
  const agree = async () => {
    try {
      await withLoading(api.call(privacyApi.agree, { body: Object.fromEntries(pending.map((p) => [p.kind, p.version])) }));
      setPending([]);
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <Dialog
      open
      role="alertdialog"
      title={`${names}已更新`}
      width={680}
      closeOnMask={false}
      showClose={false}
      onClose={() => undefined}
      footer={
        <>
          <Button
            onClick={async () => {
              await logout();
              window.location.assign(paths.home);
            }}
          >
            不同意并退出登录
          </Button>
          <Button variant="primary" onClick={agree}>
            同意并继续使用
          </Button>
        </>
      }
    >
      <p className="policy-lead">请阅读更新后的{names}。继续使用平台前，需要您同意新版本；不同意的，您可以退出登录，并可在“账号信息”中注销账号。</p>
      {pending.map((p) => (
        <section key={p.kind} className="policy-pending" aria-label={POLICY_NAMES[p.kind as PolicyKind]}>
          <h3>
            {POLICY_NAMES[p.kind as PolicyKind]}（版本 {p.version} · {p.publishedAt.slice(0, 10)} 生效）
          </h3>
          <PolicyText policy={p} />
        </section>
      ))}
    </Dialog>
  );
}
