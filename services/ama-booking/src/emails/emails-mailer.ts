import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends one mail; `null` when no SMTP server is configured (mails are then kept for staff). */
export type Mailer = {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
} | null;

/** A nodemailer SMTP transport for SMTP_URL (smtp:// or smtps://, credentials in the URL), or null. */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
    close() {
      transport.close();
    },
  };
}
