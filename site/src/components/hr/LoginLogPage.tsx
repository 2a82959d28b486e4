/** /enter_home/enter_login: the account's login log — the same component as the job seeker's hunter_login (the call is the same for every role). */
import LoginLog from '../seeker/LoginLog';
import { afterGuard } from '../seeker/AfterGuard';

export default afterGuard(LoginLog);
