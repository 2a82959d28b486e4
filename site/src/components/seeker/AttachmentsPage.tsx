import { paths } from '../../lib/paths';
import { afterGuard } from './AfterGuard';
import Attachments from './Attachments';

/** hunter_resume: attachment résumés, beside a way back to the online résumé. */
function AttachmentsPage() {
  return (
    <div>
      <p className="sk-alert sk-alert--info">
        投递职位时可以选择在线简历或一份附件简历。附件简历仅你本人和你投递的单位可以查看。
        <a href={paths.resume}>编辑在线简历 ›</a>
      </p>
      <Attachments />
    </div>
  );
}

export default afterGuard(AttachmentsPage);
