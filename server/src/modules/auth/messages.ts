/** Answers that several of the auth module's use cases give, worded once. */
export const REGISTERED_MSG = '该手机号已注册，请直接登录';
export const UNREGISTERED_MSG = '该手机号尚未注册';
