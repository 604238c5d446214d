/**
 * Demo mail for the e-mail inbox (docs/adr/0025). The inbox has no demo rows of its own: its folders and messages
 * live on an IMAP server, which a real installation's administrator adds at /email/accounts. Without one, the
 * screen says how to add a mailbox (admins) or whom to ask (staff), and offers nothing else. These messages are
 * what a demo mailbox holds when a development IMAP server is at hand (the browser tests deliver them into their
 * Dovecot, e2e/support/serve-with-smtp.ts): realistic requests to a German coach-tour office.
 */
export type DemoInboxMail = {
  from: string;
  subject: string;
  text: string;
  /** hours before now */
  hoursAgo: number;
  attachment?: { filename: string; contentType: string; content: string };
  flags?: string[];
};

export const DEMO_MAILBOX = {
  name: 'Büro Reisen',
  address: 'buero@tourdesk.test',
  username: 'buero@tourdesk.test',
  password: 'Demo-Postfach-1',
} as const;

export const DEMO_INBOX_MAILS: readonly DemoInboxMail[] = [
  {
    from: 'Hannelore Vogt <h.vogt@seniorenkreis-bonn.test>',
    subject: 'Anfrage Gruppenreise Gardasee im Mai',
    text: 'Sehr geehrte Damen und Herren,\n\nunser Seniorenkreis (ca. 32 Personen) interessiert sich für die Busreise an den Gardasee vom 12. bis 18. Mai. Gibt es noch freie Plätze, und ist ein Zustieg in Bonn-Beuel möglich?\n\nMit freundlichen Grüßen\nHannelore Vogt',
    hoursAgo: 2,
  },
  {
    from: 'Jürgen Weiß <j.weiss@gesangverein-koeln.test>',
    subject: 'Teilnehmerliste Chorfahrt Dresden',
    text: 'Hallo zusammen,\n\nanbei wie besprochen die Teilnehmerliste für unsere Chorfahrt nach Dresden. Zwei Personen benötigen ein Einzelzimmer.\n\nViele Grüße aus Köln\nJürgen Weiß',
    hoursAgo: 20,
    attachment: {
      filename: 'Teilnehmerliste Chorfahrt.csv',
      contentType: 'text/csv',
      content: 'Name;Vorname;Zimmer\nWeiß;Jürgen;DZ\nMüller;Anna;DZ\nKöhler;Bärbel;EZ\nSchäfer;Günter;EZ\n',
    },
  },
  {
    from: 'Hotel Bella Vista <reservierung@bellavista-garda.test>',
    subject: 'Bestätigung Zimmerkontingent 12.–18.05.',
    text: 'Gentile cliente, sehr geehrte Damen und Herren,\n\nwir bestätigen Ihnen das Kontingent von 20 Doppelzimmern und 4 Einzelzimmern mit Halbpension. Optionsdatum ist der 15. März.\n\nCordiali saluti\nHotel Bella Vista',
    hoursAgo: 52,
    flags: ['\\Seen', '\\Flagged'],
  },
];

/** A mail as a mail server stores it (RFC 5322, CRLF, UTF-8), written by nodemailer's composer. */
export async function mailSource(mail: {
  from: string;
  to: string;
  subject: string;
  text: string;
  date?: Date;
  messageId?: string;
  attachment?: { filename: string; contentType: string; content: Buffer | string };
}): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer/index.js');
  return new MailComposer({
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    date: mail.date ?? new Date(),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    attachments: mail.attachment ? [mail.attachment] : [],
  })
    .compile()
    .build();
}

/** A demo mail as the IMAP server stores it, received `hoursAgo` before `now`. */
export const demoMailSource = (mail: DemoInboxMail, to: string, now = new Date()) =>
  mailSource({
    from: mail.from,
    to,
    subject: mail.subject,
    text: mail.text,
    date: new Date(now.getTime() - mail.hoursAgo * 3_600_000),
    messageId: `<demo-${mail.hoursAgo}-${now.getTime()}@tourdesk.test>`,
    ...(mail.attachment ? { attachment: mail.attachment } : {}),
  });
