import ResumeEditor from './ResumeEditor';
import { afterGuard } from './AfterGuard';

export default afterGuard(ResumeEditor);
