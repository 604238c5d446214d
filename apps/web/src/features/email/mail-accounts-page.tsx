import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Paper,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link as RouterLink } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import { ZCreateMailboxBody, ZUpdateMailboxBody, type Mailbox } from '@tourdesk/contracts';
import { api, HttpError } from '../../lib/api-client.ts';

type Draft = {
  name: string;
  address: string;
  host: string;
  port: string;
  secure: boolean;
  username: string;
  password: string;
};
const EMPTY: Draft = { name: '', address: '', host: '', port: '993', secure: true, username: '', password: '' };

/** The form of one mailbox: a stored password is never shown; left empty, it stays. */
function MailboxDialog(props: { mailbox: Mailbox | null; onClose: () => void; onSaved: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [draft, setDraft] = useState<Draft>(
    props.mailbox ? { ...props.mailbox, port: String(props.mailbox.port), password: '' } : EMPTY,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = async () => {
    const body = { ...draft, port: Number(draft.port) };
    const checked = (props.mailbox ? ZUpdateMailboxBody : ZCreateMailboxBody).safeParse(
      props.mailbox && draft.password === '' ? { ...body, password: undefined } : body,
    );
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    try {
      await api(props.mailbox ? `/mail-accounts/${props.mailbox.id}` : '/mail-accounts', {
        method: props.mailbox ? 'PATCH' : 'POST',
        body: checked.data,
      });
      notify('email.accounts.saved', { type: 'success', messageArgs: { name: draft.name } });
      props.onSaved();
    } catch (error) {
      if (error instanceof HttpError && error.body && typeof error.body === 'object' && 'errors' in error.body) {
        setErrors((error.body as { errors: Record<string, string> }).errors);
      }
      notify((error as Error).message, { type: 'error' });
    }
  };
  const field = (name: Exclude<keyof Draft, 'secure'>, type = 'text') => (
    <TextField
      size="small"
      type={type}
      label={translate(`email.accounts.fields.${name}`)}
      value={draft[name]}
      onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      error={Boolean(errors[name])}
      helperText={
        errors[name]
          ? translate(errors[name])
          : name === 'password' && props.mailbox
            ? translate('email.accounts.keepPassword')
            : ' '
      }
      autoComplete={name === 'password' ? 'new-password' : 'off'}
    />
  );
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="mailbox-title">
      <DialogTitle id="mailbox-title">
        {translate(props.mailbox ? 'email.accounts.edit' : 'email.accounts.add')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1} sx={{ pt: 1 }}>
          {field('name')}
          {field('address', 'email')}
          <Stack direction="row" spacing={1}>
            <Box sx={{ flex: 1 }}>{field('host')}</Box>
            {field('port', 'number')}
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={draft.secure}
                onChange={(event) => setDraft({ ...draft, secure: event.target.checked })}
              />
            }
            label={translate('email.accounts.fields.secure')}
          />
          {field('username')}
          {field('password', 'password')}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** /email/accounts (admins): the IMAP mailboxes of the office; passwords are stored encrypted and never shown. */
export function MailAccountsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Mailbox | 'new' | null>(null);
  const accounts = useQuery({ queryKey: ['mail-accounts'], queryFn: () => api<Mailbox[]>('/mail-accounts') });
  const refresh = async () => {
    setEditing(null);
    await queryClient.invalidateQueries({ queryKey: ['mail-accounts'] });
    await queryClient.invalidateQueries({ queryKey: ['mail-folder'] });
  };
  const remove = async (mailbox: Mailbox) => {
    if (!window.confirm(translate('email.accounts.confirmDelete', { name: mailbox.name }))) return;
    await api(`/mail-accounts/${mailbox.id}`, { method: 'DELETE' });
    notify('email.accounts.deleted', { type: 'success', messageArgs: { name: mailbox.name } });
    await refresh();
  };
  return (
    <Box sx={{ p: 1 }}>
      <Title title={translate('email.accounts.title')} />
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to="/email/inbox">
          {translate('email.title')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
          {translate('email.accounts.add')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('email.accounts.help')}
      </Typography>
      {accounts.isPending ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : accounts.error ? (
        <Alert severity="error">{translate(accounts.error.message)}</Alert>
      ) : accounts.data.length === 0 ? (
        <Alert severity="info">{translate('email.accounts.none')}</Alert>
      ) : (
        <Paper sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('email.accounts.fields.name')}</TableCell>
                <TableCell>{translate('email.accounts.fields.address')}</TableCell>
                <TableCell>{translate('email.accounts.fields.host')}</TableCell>
                <TableCell>{translate('email.accounts.fields.username')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.data.map((mailbox) => (
                <TableRow key={mailbox.id}>
                  <TableCell>{mailbox.name}</TableCell>
                  <TableCell>{mailbox.address}</TableCell>
                  <TableCell>
                    {mailbox.host}:{mailbox.port} {mailbox.secure ? 'TLS' : ''}
                  </TableCell>
                  <TableCell>{mailbox.username}</TableCell>
                  <TableCell align="right">
                    <Button size="small" onClick={() => setEditing(mailbox)}>
                      {translate('ra.action.edit')}
                    </Button>
                    <Button size="small" color="error" onClick={() => void remove(mailbox)}>
                      {translate('ra.action.delete')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
      {editing ? (
        <MailboxDialog
          mailbox={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => void refresh()}
        />
      ) : null}
    </Box>
  );
}
