import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverDueMails, type MailTransport } from './mail-delivery.ts';

export type Mailer = {
  /** Runs a delivery pass now (after a change queued a mail); resolves when it is done. */
  deliverNow: () => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * The SMTP transport (null without SMTP_URL), shared with the newsletter's sending engine so the app keeps
     * one set of SMTP connections; closed when the app closes, after the workers that use it.
     */
    mailTransport: MailTransport | null;
  }
}

/**
 * The outbox's delivery worker, registered by app.ts (it lives in the mail feature, whose outbox it reads). Without SMTP_URL it does nothing and mails wait in the outbox (admins
 * read them at /email/debug). With it, due mails go out every few seconds and right after they are queued.
 */
export const mailWorkerPlugin = fp(async (app: FastifyInstance, options: { transport?: MailTransport }) => {
  const { config } = app;
  const transport: MailTransport | null =
    options.transport ??
    // nodemailer (about 25 MB) only when there is an SMTP server to talk to. A pool of a few connections that
    // stay open: a newsletter sends its mails side by side, and a connection per mail costs a handshake each.
    (config.smtpUrl
      ? (await import('nodemailer')).default.createTransport({ url: config.smtpUrl, pool: true, maxConnections: 4 })
      : null);
  let running: Promise<number> | null = null;
  let again = false;

  const pass = async (): Promise<number> => {
    if (!transport) return 0;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await deliverDueMails(app.ctx, transport, {
          from: config.mailFrom,
          retryBaseMs: config.mailRetryBaseMs,
          maxAttempts: config.mailMaxAttempts,
        });
      } while (again);
      return total;
    })()
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'mail delivery pass failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  app.decorate('mailer', { deliverNow: pass });
  app.decorate('mailTransport', transport);
  if (!transport) {
    app.log.info('SMTP_URL not set: mails stay in the outbox (see /email/debug)');
    return;
  }
  const timer = setInterval(() => void pass(), config.mailPollMs);
  timer.unref();
  app.addHook('onReady', async () => {
    void pass();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    if ('close' in transport && typeof transport.close === 'function') transport.close();
  });
});
