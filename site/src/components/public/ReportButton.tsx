import { useState } from 'react';
import { Button, ReportDialog, useSession } from '@zp/ui';
import type { ReportKind } from '@zp/core/contract';

interface Props {
  kind: ReportKind;
  targetId: string;
  /** how the dialog names what is reported */
  targetName: string;
}

/** 举报 on a public page (a job's): open to visitors (with a phone) and members; the operator handles reports in the console instead. */
export default function ReportButton({ kind, targetId, targetName }: Props) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session?.roleId === 'xs') return null;
  return (
    <>
      <Button variant="text" className="report-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        举报
      </Button>
      <ReportDialog open={open} onClose={() => setOpen(false)} kind={kind} targetId={targetId} targetName={targetName} />
    </>
  );
}
