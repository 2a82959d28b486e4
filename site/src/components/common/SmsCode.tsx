/**
 * Asking for an SMS code (login, register, password reset): the request, the 60 s wait before
 * another (the server enforces the same interval) and the toast for either outcome.
 */
import { useState } from 'react';
import { Button, message, toastError } from '@zp/ui';
import { useCountdown } from '../seeker/common';

export function useCodeSender() {
  const [left, start] = useCountdown();
  const [sending, setSending] = useState(false);
  const send = async (request: () => Promise<unknown>) => {
    setSending(true);
    try {
      await request();
      start();
      message.success('验证码已发送，请注意查收');
    } catch (err) {
      toastError(err);
    } finally {
      setSending(false);
    }
  };
  return { left, sending, send };
}

export function CodeButton({ left, sending, onClick }: { left: number; sending: boolean; onClick: () => void }) {
  return (
    <Button className="login-form__code" onClick={onClick} loading={sending} disabled={left > 0}>
      {left > 0 ? `${left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
}
