import { execFile, spawn, spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ImapFlow } from 'imapflow';

const run = promisify(execFile);

export const DOVECOT_BINARY = '/usr/sbin/dovecot';

export type DovecotUser = { user: string; password: string };

/**
 * Runs the dovecot command and waits for it to exit. Its daemon keeps the inherited output open, so the output is
 * not piped (execFile would wait for it to close, that is, forever).
 */
function daemon(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(DOVECOT_BINARY, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`dovecot ${args.join(' ')} exited with ${code}`)),
    );
  });
}

/** A free TCP port on loopback (asked of the system, then released for Dovecot to take). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The ids Dovecot's processes run as: the current user, or Debian's dovecot users when we are root. */
async function processUsers(): Promise<{ login: string; internal: string; group: string; uid: number; gid: number }> {
  const me = userInfo();
  if (me.uid !== 0) {
    const group = (await run('id', ['-gn'])).stdout.trim();
    return { login: me.username, internal: me.username, group, uid: me.uid, gid: me.gid };
  }
  // Dovecot refuses to run its login and mail processes as root.
  const passwd = await readFile('/etc/passwd', 'utf8');
  const entry = passwd.split('\n').find((line) => line.startsWith('dovecot:'));
  if (!entry) throw new Error('running as root needs the dovecot user of Debian’s dovecot-core package');
  const [, , uid, gid] = entry.split(':');
  return { login: 'dovenull', internal: 'dovecot', group: 'dovecot', uid: Number(uid), gid: Number(gid) };
}

/**
 * Debian's Dovecot, started for a test without privileges: IMAP on 127.0.0.1 at a free port, plain-text login
 * without TLS, users from a passwd-file, mail in maildirs, and every state in a temporary folder that `stop`
 * removes. The folders Sent, Drafts and Trash exist with their special-use flags, as on a real mail server.
 */
export class Dovecot {
  port = 0;
  private dir = '';
  private started = false;

  readonly users: readonly DovecotUser[];

  constructor(users: readonly DovecotUser[]) {
    this.users = users;
  }

  get host() {
    return '127.0.0.1';
  }

  /**
   * Starts Dovecot on `port` (default: a free one). With `dir` (a fixed folder, e.g. per E2E port), a Dovecot left
   * running there by a server that was killed is stopped first, so a new run can take its port.
   */
  async start(port?: number, options: { dir?: string } = {}): Promise<this> {
    this.port = port ?? (await freePort());
    if (options.dir) {
      if (existsSync(join(options.dir, 'dovecot.conf'))) {
        await daemon(['-c', join(options.dir, 'dovecot.conf'), 'stop']).catch(() => undefined);
      }
      await rm(options.dir, { recursive: true, force: true });
      await mkdir(options.dir, { recursive: true });
      this.dir = options.dir;
    } else {
      this.dir = await mkdtemp(join(tmpdir(), 'tourdesk-dovecot-'));
    }
    await chmod(this.dir, 0o755);
    const ids = await processUsers();
    const mail = join(this.dir, 'mail');
    await mkdir(mail);
    await chown(mail, ids.uid, ids.gid);
    await writeFile(
      join(this.dir, 'users'),
      this.users.map((user) => `${user.user}:{PLAIN}${user.password}`).join('\n') + '\n',
      { mode: 0o644 },
    );
    const config = `protocols = imap
listen = 127.0.0.1
base_dir = ${this.dir}/run
state_dir = ${this.dir}/state
log_path = ${this.dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${ids.login}
default_internal_user = ${ids.internal}
default_internal_group = ${ids.group}
first_valid_uid = ${Math.min(ids.uid, 1)}
first_valid_gid = 0
mail_location = maildir:${mail}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${this.dir}/users
}
userdb {
  driver = static
  args = uid=${ids.uid} gid=${ids.gid} home=${mail}/%u
}
service imap-login {
  chroot =
  inet_listener imap {
    address = 127.0.0.1
    port = ${this.port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
namespace inbox {
  inbox = yes
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
  mailbox Trash {
    special_use = \\Trash
    auto = subscribe
  }
}
`;
    await writeFile(join(this.dir, 'dovecot.conf'), config);
    try {
      await daemon(['-c', join(this.dir, 'dovecot.conf')]);
    } catch (error) {
      await rm(this.dir, { recursive: true, force: true });
      this.dir = '';
      throw error;
    }
    this.started = true;
    await this.waitUntilReady();
    return this;
  }

  /** Dovecot forks its listeners after the master returns: log in until it answers. */
  private async waitUntilReady(): Promise<void> {
    const user = this.users[0];
    if (!user) return;
    let lastError: unknown = null;
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        const client = await this.connect(user);
        await client.logout();
        return;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    throw new Error(`Dovecot did not answer on port ${this.port}: ${String(lastError)}`);
  }

  /** A logged-in IMAP client for a user (the test's own view of the mailbox). */
  async connect(user: DovecotUser = this.users[0]!): Promise<ImapFlow> {
    const client = new ImapFlow({
      host: this.host,
      port: this.port,
      secure: false,
      auth: { user: user.user, pass: user.password },
      logger: false,
    });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  }

  /** Puts a raw message (RFC 5322 text) into a folder of a user's mailbox, as if it had been delivered. */
  async deliver(raw: string | Buffer, folder = 'INBOX', user: DovecotUser = this.users[0]!): Promise<number> {
    const client = await this.connect(user);
    try {
      const result = await client.append(folder, raw);
      if (!result || !result.uid) throw new Error(`append to ${folder} gave no uid`);
      return result.uid;
    } finally {
      await client.logout();
    }
  }

  /** `stop` for a process's `exit` event, where nothing asynchronous runs any more. */
  stopSync(): void {
    if (!this.dir) return;
    if (this.started) spawnSync(DOVECOT_BINARY, ['-c', join(this.dir, 'dovecot.conf'), 'stop'], { stdio: 'ignore' });
    rmSync(this.dir, { recursive: true, force: true });
    this.dir = '';
    this.started = false;
  }

  async stop(): Promise<void> {
    if (!this.dir) return;
    if (this.started) {
      try {
        await daemon(['-c', join(this.dir, 'dovecot.conf'), 'stop']);
      } catch {
        // already gone
      }
    }
    await rm(this.dir, { recursive: true, force: true });
    this.dir = '';
    this.started = false;
  }
}
