/** An HR whose enterprise is not approved (shzt ≠ 1) may not publish, sign up, invite or chat. */
export const COMPANY_NOT_APPROVED = '单位信息未审核或审核不通过,请修改单位信息!';
/** The same, where the chat refuses the HR (no page to send them to from inside the chat). */
export const COMPANY_NOT_APPROVED_CHAT = '单位信息未审核或审核不通过，暂不能使用在线沟通';
