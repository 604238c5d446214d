import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../src/config.ts';

/** The configuration of a test app (helpers.ts `buildTestApp`, and the app that writes the demo template). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    jwtSecret: null,
    webDist: '/nonexistent',
    mailPollMs: 100,
    // IMAP IDLE only where a test asks for it (mail-inbox-idle.routes.test.ts); the others poll by hand.
    mailInboxIdle: false,
    mailRetryBaseMs: 100,
    // Every list answer is also written by zod and must match: a mapper off its contract fails its test.
    checkListAnswers: true,
    // Tests deliver pushes by calling deliverDuePushes themselves, against a local push service.
    push: { ...loadConfig({}).push, pollMs: 0 },
    // Uploads of each test app go to a folder of their own, never to data/files.
    fileStore: { kind: 'local', root: join(tmpdir(), `tourdesk-test-files-${randomBytes(6).toString('hex')}`) },
    ...overrides,
  };
}
