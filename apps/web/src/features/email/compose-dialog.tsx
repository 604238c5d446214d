import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, useTranslate } from 'react-admin';
import {
  MAIL_FORM_TEMPLATES,
  ZMailForm,
  type MailFormInput,
  type MailMessage,
  type MailSent,
} from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';

/** How the form starts: empty, as a reply (quoting the message) or as a forward (with its attachments). */
export type ComposeStart =
  | { kind: 'new' }
  | { kind: 'reply'; folder: number; message: MailMessage }
  | { kind: 'forward'; folder: number; message: MailMessage };

type Fields = {
  from: string;
  email: string;
  cc: string;
  bcc: string;
  subject: string;
  message: string;
  template: string;
};

const prefixed = (prefix: string, subject: string) =>
  subject.toLowerCase().startsWith(prefix.toLowerCase()) ? subject : `${prefix} ${subject}`;

/** The start values of the mail form (spec §3): a reply quotes the message line by line with "> ". */
export function initialFields(
  start: ComposeStart,
  wrote: (who: string, when: string) => string,
  forwarded: string,
): Fields {
  const empty = { from: '', email: '', cc: '', bcc: '', subject: '', message: '', template: 'default' };
  if (start.kind === 'new') return empty;
  const original = start.message;
  const who = original.from ? original.from.name || original.from.address : '';
  if (start.kind === 'reply') {
    const quoted = original.text
      .trimEnd()
      .split(/\r?\n/)
      .map((line) => `> ${line}`)
      .join('\n');
    return {
      ...empty,
      email: original.from?.address ?? '',
      subject: prefixed('Re:', original.subject),
      message: `\n\n${wrote(who, formatDateTime(original.date))}\n${quoted}\n`,
    };
  }
  return {
    ...empty,
    subject: prefixed('Fwd:', original.subject),
    message: `\n\n${forwarded}\n${who} <${original.from?.address ?? ''}>, ${formatDateTime(original.date)}\n${original.subject}\n\n${original.text}`,
  };
}

/** The mail form of spec §3: from, email, cc, bcc, subject, message, template; sent through the outbox. */
export function ComposeDialog(props: {
  mailbox: number;
  start: ComposeStart;
  onClose: () => void;
  onSent: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [fields, setFields] = useState<Fields>(() =>
    initialFields(
      props.start,
      (who, when) => translate('email.composer.wrote', { who, when }),
      translate('email.composer.forwarded'),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const title =
    props.start.kind === 'reply' ? 'email.reply' : props.start.kind === 'forward' ? 'email.forward' : 'email.compose';

  const submit = async () => {
    const body: MailFormInput = {
      mailbox: props.mailbox,
      from: fields.from,
      email: fields.email,
      cc: fields.cc,
      bcc: fields.bcc,
      subject: fields.subject,
      message: fields.message,
      template: 'default',
      ...(props.start.kind === 'reply'
        ? { replyTo: { folder: props.start.folder, uid: props.start.message.attrs.uid } }
        : {}),
      ...(props.start.kind === 'forward'
        ? { forward: { folder: props.start.folder, uid: props.start.message.attrs.uid } }
        : {}),
    };
    const checked = ZMailForm.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      const sent = await api<MailSent>('/mail-send', { method: 'POST', body });
      notify(sent.filedInSent ? 'email.composer.sent' : 'email.composer.sentNotFiled', { type: 'success' });
      props.onSent();
    } catch (error) {
      if (error instanceof HttpError && error.body && typeof error.body === 'object' && 'errors' in error.body) {
        const fieldErrors = (error.body as { errors: Record<string, string> }).errors;
        setErrors(Object.fromEntries(Object.entries(fieldErrors).map(([key, value]) => [key.split('.')[0]!, value])));
      }
      notify(error instanceof Error ? error.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof Fields, extra: { multiline?: boolean; required?: boolean } = {}) => (
    <TextField
      label={translate(`email.form.${name}`)}
      value={fields[name]}
      onChange={(event) => setFields({ ...fields, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={
        errors[name]
          ? translate(errors[name])
          : name === 'email' || name === 'cc' || name === 'bcc'
            ? translate('email.form.several')
            : ' '
      }
      fullWidth
      size="small"
      autoFocus={name === (props.start.kind === 'reply' ? 'message' : 'email')}
      {...(extra.multiline ? { multiline: true, minRows: 10 } : {})}
      slotProps={{ htmlInput: { 'aria-required': extra.required ?? false } }}
    />
  );

  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md" aria-labelledby="compose-title">
      <DialogTitle id="compose-title">{translate(title)}</DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {field('from')}
          {field('email', { required: true })}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {field('cc')}
            {field('bcc')}
          </Stack>
          {field('subject', { required: true })}
          {field('message', { multiline: true, required: true })}
          <TextField
            select
            size="small"
            label={translate('email.form.template')}
            value={fields.template}
            onChange={(event) => setFields({ ...fields, template: event.target.value })}
          >
            {MAIL_FORM_TEMPLATES.map((template) => (
              <MenuItem key={template} value={template}>
                {translate(`email.templates.${template}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" startIcon={<SendIcon />} disabled={busy} onClick={() => void submit()}>
          {translate('email.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
