import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deliverDueMails } from './mail-delivery.ts';
import { SmtpTransports } from './smtp-transport.ts';

export type Mailer = {
  /** Runs a delivery pass now (after a change queued a mail); resolves when it is done. */
  deliverNow: () => Promise<number>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    /**
     * The SMTP server as configured now (third-party settings over SMTP_URL), shared with the newsletter's sending
     * engine so the app keeps one set of SMTP connections; closed when the app closes, after the workers that use it.
     */
    smtp: SmtpTransports;
  }
}

/**
 * The outbox's delivery worker, registered by app.ts (it lives in the mail feature, whose outbox it reads). Due
 * mails go out every few seconds and right after they are queued. While no SMTP server is configured
 * (/basedata/thirdparty or SMTP_URL) a pass sends nothing and mails wait in the outbox (admins read them at
 * /email/debug); the first pass after the settings are saved sends them.
 */
export const mailWorkerPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const smtp = new SmtpTransports(app, app.log);
  let running: Promise<number> | null = null;
  let again = false;

  const pass = async (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = smtp
      .use(async (sender) => {
        let total = 0;
        if (!sender) return total;
        do {
          again = false;
          total += await deliverDueMails(app.ctx, sender.transport, {
            from: sender.from,
            retryBaseMs: config.mailRetryBaseMs,
            maxAttempts: config.mailMaxAttempts,
          });
        } while (again);
        return total;
      })
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
  app.decorate('smtp', smtp);
  const timer = setInterval(() => void pass(), config.mailPollMs);
  timer.unref();
  app.addHook('onReady', async () => {
    if (!(await smtp.use(async (sender) => sender !== null)))
      app.log.info('no SMTP server configured: mails stay in the outbox (see /email/debug)');
    void pass();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await smtp.close();
  });
});
