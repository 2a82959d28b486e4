/**
 * Outgoing mail through the SMTP server of SMTP_URL (nodemailer: the maintained SMTP client for
 * Node, with TLS, auth and attachments). Without SMTP_URL there is no mailer and nothing is sent.
 * A failed send is logged (without the URL, which holds the password) and never fails the caller.
 */
import nodemailer from 'nodemailer';
import type { Services } from '../../services.js';

interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: { filename: string; content: string; contentType: string }[];
}

export interface Mailer {
  send(mail: Mail): Promise<boolean>;
}

/** A plausible address: the résumé's e-mail field is free text. */
const ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/;

export function createMailer(s: Pick<Services, 'config' | 'log' | 'onClose'>): Mailer | null {
  const mail = s.config.mail;
  if (!mail) return null;
  const transport = nodemailer.createTransport(mail.url);
  s.onClose(() => transport.close());
  return {
    async send(m) {
      if (!ADDRESS.test(m.to)) return false;
      try {
        await transport.sendMail({ from: mail.from, to: m.to, subject: m.subject, text: m.text, attachments: m.attachments });
        return true;
      } catch (err) {
        s.log.warn({ err: { message: (err as Error).message, code: (err as { code?: string }).code } }, 'mail not sent');
        return false;
      }
    },
  };
}
