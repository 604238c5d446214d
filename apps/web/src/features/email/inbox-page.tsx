import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CreateIcon from '@mui/icons-material/Create';
import DeleteIcon from '@mui/icons-material/Delete';
import DraftsIcon from '@mui/icons-material/Drafts';
import FlagIcon from '@mui/icons-material/Flag';
import ForwardIcon from '@mui/icons-material/Forward';
import LinkIcon from '@mui/icons-material/Link';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import OutlinedFlagIcon from '@mui/icons-material/OutlinedFlag';
import ReplyIcon from '@mui/icons-material/Reply';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  MAIL_INBOX_POLL_MS,
  type MailFlag,
  type MailFolderList,
  type MailMessage,
  type MailMessageList,
} from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { download } from '../../shared/manifest-downloads.tsx';
import { ComposeDialog, type ComposeStart } from './compose-dialog.tsx';
import { LinkDialog } from './link-dialog.tsx';

const PAGE = 25;

const numberParam = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : null);

/** The folders' names in the user's language where the folder has a special use. */
const SPECIAL_NAMES: Record<string, string> = {
  '\\Inbox': 'email.folders.inbox',
  '\\Sent': 'email.folders.sent',
  '\\Drafts': 'email.folders.drafts',
  '\\Trash': 'email.folders.trash',
  '\\Junk': 'email.folders.junk',
  '\\Archive': 'email.folders.archive',
};

/** What to show when no mailbox is set up: how to add one for admins, whom to ask for everyone else. */
function NoMailbox() {
  const translate = useTranslate();
  const isAdmin = useHasAnyPermission(['admin']);
  return (
    <Paper sx={{ p: 3, maxWidth: 640 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {translate('email.empty.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate(isAdmin ? 'email.empty.admin' : 'email.empty.staff')}
      </Typography>
      {isAdmin ? (
        <Button variant="contained" component={RouterLink} to="/email/accounts">
          {translate('email.accounts.add')}
        </Button>
      ) : null}
    </Paper>
  );
}

/** Arrow keys move between a list's buttons (rows open with Enter, as buttons do). */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-row]')];
  const index = buttons.indexOf(document.activeElement as HTMLElement);
  const next = buttons[index + (event.key === 'ArrowDown' ? 1 : -1)];
  if (next) {
    event.preventDefault();
    next.focus();
  }
}

/**
 * /email and /email/inbox: the mailbox in three panes — folders, the folder's messages (search, select, flags,
 * move, delete), the message (reply, forward, attachments, link to a customer or booking). On a phone one pane at
 * a time. The inbox is asked again every 100 s (spec §9); new mail in the first inbox shows an info notice (§4).
 */
export function InboxPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const mailboxParam = numberParam(params.get('mailbox'));
  const folder = numberParam(params.get('folder')) ?? 0;
  const uid = numberParam(params.get('uid'));
  const [search, setSearch] = useState('');
  const [searchInput, setSearchInput] = useState('');
  const [skip, setSkip] = useState(0);
  const [selected, setSelected] = useState<number[]>([]);
  const [compose, setCompose] = useState<ComposeStart | null>(null);
  const [linking, setLinking] = useState(false);
  const [phonePane, setPhonePane] = useState<'folders' | 'list'>('list');
  const canSort = useHasAnyPermission(['email-sort']);
  const canSend = useHasAnyPermission(['email-send']);
  const canDelete = useHasAnyPermission(['email-delete']);
  const canList = useHasAnyPermission(['email-folder-read']);
  const isAdmin = useHasAnyPermission(['admin']);

  const mailboxQuery = mailboxParam === null ? '' : `?mailbox=${mailboxParam}`;
  const folders = useQuery({
    queryKey: ['mail-folder', mailboxParam],
    queryFn: () => api<MailFolderList>(`/mail-folder${mailboxQuery}`),
    refetchInterval: MAIL_INBOX_POLL_MS,
  });
  const mailbox = folders.data?.mailbox ?? null;
  const withMailbox = (path: string) => `${path}${path.includes('?') ? '&' : '?'}mailbox=${mailbox}`;
  const messages = useQuery({
    queryKey: ['mail-messages', mailbox, folder, search, skip],
    queryFn: () =>
      api<MailMessageList>(
        withMailbox(
          `/mail-folder/${folder}?$limit=${PAGE}&$skip=${skip}${search ? `&search=${encodeURIComponent(search)}` : ''}`,
        ),
      ),
    enabled: mailbox !== null && canList,
  });
  // Remote images are shown only for the message the user allowed them for, through the server's image proxy.
  const [imagesAllowedFor, setImagesAllowedFor] = useState<string | null>(null);
  const messageKey = `${mailbox}:${folder}:${uid}`;
  const showImages = imagesAllowedFor === messageKey;
  const message = useQuery({
    queryKey: ['mail-message', mailbox, folder, uid, showImages],
    queryFn: () =>
      api<MailMessage>(withMailbox(`/mail-folder/${folder}/messages/${uid}${showImages ? '?images=1' : ''}`)),
    enabled: mailbox !== null && uid !== null,
    placeholderData: (previous) => (showImages ? previous : undefined),
  });

  // Spec §4: the first inbox's first folder has new messages → an info notice (and the list shows them).
  const lastUidNext = useRef<number | null>(null);
  const inbox =
    folders.data && (folders.data.mailboxes[0]?.id === folders.data.mailbox ? folders.data.folders[0] : undefined);
  useEffect(() => {
    if (!inbox) return;
    if (lastUidNext.current !== null && inbox.uidNext > lastUidNext.current) {
      notify('email.newMail', { type: 'info' });
      void queryClient.invalidateQueries({ queryKey: ['mail-messages'] });
    }
    lastUidNext.current = inbox.uidNext;
  }, [inbox, notify, queryClient]);

  // Reading marks a message Seen: the list and the counts follow.
  useEffect(() => {
    if (message.data) {
      void queryClient.invalidateQueries({ queryKey: ['mail-messages'] });
      void queryClient.invalidateQueries({ queryKey: ['mail-folder'] });
    }
  }, [message.data, queryClient]);

  const go = (changes: { mailbox?: number | null; folder?: number; uid?: number | null }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };
  const refreshAll = async () => {
    await queryClient.invalidateQueries({ queryKey: ['mail-messages'] });
    await queryClient.invalidateQueries({ queryKey: ['mail-message'] });
    await queryClient.invalidateQueries({ queryKey: ['mail-folder'] });
  };
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify(done, { type: 'success' });
      setSelected([]);
      await refreshAll();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  const flag = (uids: number[], name: MailFlag, set: boolean) =>
    act(
      () => api(`/mail-folder/${folder}/flags`, { method: 'POST', body: { mailbox, uids, flag: name, set } }),
      'email.done.flags',
    );
  const remove = (uids: number[]) =>
    act(async () => {
      await api(`/mail-folder/${folder}/delete`, { method: 'POST', body: { mailbox, uids } });
      if (uid !== null && uids.includes(uid)) go({ uid: null });
    }, 'email.done.deleted');
  const move = (uids: number[], target: number) =>
    act(async () => {
      await api(`/mail-folder/${folder}/move`, { method: 'POST', body: { mailbox, uids, target } });
      if (uid !== null && uids.includes(uid)) go({ uid: null });
    }, 'email.done.moved');

  if (folders.isPending) return <CircularProgress aria-label={translate('ra.page.loading')} />;
  if (folders.error) {
    return (
      <Box sx={{ p: 1 }}>
        <Title title={translate('email.title')} />
        <Alert severity="error">{translate(folders.error.message, { _: translate('email.serverError') })}</Alert>
      </Box>
    );
  }
  if (!folders.data || folders.data.mailbox === null) {
    return (
      <Box sx={{ p: 1 }}>
        <Title title={translate('email.title')} />
        <NoMailbox />
      </Box>
    );
  }
  const folderList = folders.data.folders;
  const current = folderList[folder];
  const folderName = (entry: (typeof folderList)[number]) =>
    entry.specialUse && SPECIAL_NAMES[entry.specialUse] ? translate(SPECIAL_NAMES[entry.specialUse]!) : entry.name;
  const shown = messages.data?.messages ?? [];
  const allSelected = shown.length > 0 && shown.every((entry) => selected.includes(entry.attrs.uid));
  const showFolders = !phone || (uid === null && phonePane === 'folders');
  const showList = !phone || (uid === null && phonePane === 'list');
  const showMessage = !phone || uid !== null;

  const foldersPane = (
    <Paper
      component="nav"
      aria-label={translate('email.foldersLabel')}
      sx={{ width: phone ? '100%' : 220, flexShrink: 0 }}
    >
      {folders.data.mailboxes.length > 1 ? (
        <TextField
          select
          size="small"
          fullWidth
          label={translate('email.mailbox')}
          value={mailbox}
          onChange={(event) => setParams(new URLSearchParams({ mailbox: event.target.value }))}
          sx={{ p: 1 }}
        >
          {folders.data.mailboxes.map((entry) => (
            <MenuItem key={entry.id} value={entry.id}>
              {entry.name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }} noWrap>
          {folders.data.mailboxes[0]?.name}
        </Typography>
      )}
      <List dense onKeyDown={moveFocus}>
        {folderList.map((entry) => (
          <ListItem key={entry.path} disablePadding>
            <ListItemButton
              data-row
              selected={entry.id === folder}
              onClick={() => {
                setSelected([]);
                setSkip(0);
                setPhonePane('list');
                go({ folder: entry.id, uid: null });
              }}
            >
              <ListItemText primary={folderName(entry)} />
              {entry.unseen > 0 ? <Chip size="small" color="primary" label={entry.unseen} /> : null}
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Box sx={{ p: 1 }}>
        {isAdmin ? (
          <Button size="small" component={RouterLink} to="/email/accounts">
            {translate('email.accounts.manage')}
          </Button>
        ) : null}
      </Box>
    </Paper>
  );

  const listPane = (
    <Paper sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" useFlexGap spacing={1} sx={{ p: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {phone ? (
          <IconButton aria-label={translate('email.foldersLabel')} onClick={() => setPhonePane('folders')}>
            <ArrowBackIcon />
          </IconButton>
        ) : null}
        <Typography variant="h6" component="h2" sx={{ mr: 1 }}>
          {current ? folderName(current) : ''}
        </Typography>
        <Box
          component="form"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            setSkip(0);
            setSearch(searchInput.trim());
          }}
          sx={{ flex: 1, minWidth: 160 }}
        >
          <TextField
            size="small"
            fullWidth
            type="search"
            label={translate('email.search')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
          />
        </Box>
        {canSend ? (
          <Button variant="contained" startIcon={<CreateIcon />} onClick={() => setCompose({ kind: 'new' })}>
            {translate('email.compose')}
          </Button>
        ) : null}
      </Stack>
      {selected.length > 0 ? (
        <Stack direction="row" useFlexGap spacing={1} sx={{ px: 1, pb: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Typography variant="body2">{translate('email.selected', { smart_count: selected.length })}</Typography>
          {canSort ? (
            <>
              <Button size="small" onClick={() => flag(selected, 'Seen', true)}>
                {translate('email.markRead')}
              </Button>
              <Button size="small" onClick={() => flag(selected, 'Seen', false)}>
                {translate('email.markUnread')}
              </Button>
              <Button size="small" onClick={() => flag(selected, 'Flagged', true)}>
                {translate('email.flag')}
              </Button>
              <Button size="small" onClick={() => flag(selected, 'Flagged', false)}>
                {translate('email.unflag')}
              </Button>
              <TextField
                select
                size="small"
                label={translate('email.moveTo')}
                value=""
                onChange={(event) => void move(selected, Number(event.target.value))}
                sx={{ minWidth: 140 }}
              >
                {folderList
                  .filter((entry) => entry.id !== folder)
                  .map((entry) => (
                    <MenuItem key={entry.path} value={entry.id}>
                      {folderName(entry)}
                    </MenuItem>
                  ))}
              </TextField>
            </>
          ) : null}
          {canDelete ? (
            <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={() => remove(selected)}>
              {translate('ra.action.delete')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {!canList ? (
        <Alert severity="info" sx={{ m: 1 }}>
          {translate('email.noFolderRight')}
        </Alert>
      ) : messages.isPending ? (
        <CircularProgress sx={{ m: 2 }} aria-label={translate('ra.page.loading')} />
      ) : messages.error ? (
        <Alert severity="error" sx={{ m: 1 }}>
          {translate(messages.error.message, { _: translate('email.serverError') })}
        </Alert>
      ) : shown.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {translate(search ? 'email.noResults' : 'email.emptyFolder', { search })}
        </Typography>
      ) : (
        <>
          <Stack direction="row" sx={{ px: 1, alignItems: 'center' }}>
            <Checkbox
              checked={allSelected}
              indeterminate={selected.length > 0 && !allSelected}
              onChange={() => setSelected(allSelected ? [] : shown.map((entry) => entry.attrs.uid))}
              slotProps={{ input: { 'aria-label': translate('email.selectAll') } }}
            />
            <Typography variant="caption" color="text.secondary">
              {translate('email.count', { smart_count: messages.data.total })}
            </Typography>
          </Stack>
          <List
            dense
            onKeyDown={moveFocus}
            sx={{ overflow: 'auto', flex: 1 }}
            aria-label={translate('email.messagesLabel')}
          >
            {shown.map((entry) => {
              const unread = !entry.attrs.flags.includes('Seen');
              const flagged = entry.attrs.flags.includes('Flagged');
              return (
                <ListItem key={entry.attrs.uid} disablePadding>
                  <Checkbox
                    checked={selected.includes(entry.attrs.uid)}
                    onChange={() =>
                      setSelected((now) =>
                        now.includes(entry.attrs.uid)
                          ? now.filter((x) => x !== entry.attrs.uid)
                          : [...now, entry.attrs.uid],
                      )
                    }
                    slotProps={{ input: { 'aria-label': translate('email.select', { subject: entry.subject }) } }}
                  />
                  <ListItemButton
                    data-row
                    selected={entry.attrs.uid === uid}
                    onClick={() => go({ uid: entry.attrs.uid })}
                  >
                    <ListItemText
                      primary={
                        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Typography
                            component="span"
                            variant="body2"
                            noWrap
                            sx={{ fontWeight: unread ? 700 : 400, flex: 1 }}
                          >
                            {entry.from?.name || entry.from?.address || '—'}
                          </Typography>
                          {flagged ? (
                            <FlagIcon fontSize="small" color="warning" titleAccess={translate('email.flagged')} />
                          ) : null}
                          {entry.hasAttachments ? (
                            <AttachFileIcon fontSize="small" titleAccess={translate('email.hasAttachments')} />
                          ) : null}
                          <Typography component="span" variant="caption" color="text.secondary">
                            {formatDateTime(entry.date)}
                          </Typography>
                        </Stack>
                      }
                      secondary={entry.subject || translate('email.noSubject')}
                      slotProps={{ secondary: { noWrap: true, sx: { fontWeight: unread ? 700 : 400 } } }}
                    />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
          {messages.data.total > PAGE ? (
            <Stack direction="row" spacing={1} sx={{ p: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
              <Typography variant="caption">
                {skip + 1}–{Math.min(skip + PAGE, messages.data.total)} / {messages.data.total}
              </Typography>
              <Button size="small" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - PAGE))}>
                {translate('ra.navigation.previous')}
              </Button>
              <Button size="small" disabled={skip + PAGE >= messages.data.total} onClick={() => setSkip(skip + PAGE)}>
                {translate('ra.navigation.next')}
              </Button>
            </Stack>
          ) : null}
        </>
      )}
    </Paper>
  );

  const read = message.data;
  const messagePane = (
    <Paper
      component="article"
      aria-label={translate('email.messageLabel')}
      sx={{ flex: 1.4, minWidth: 0, p: 2, overflow: 'auto' }}
    >
      {phone ? (
        <Button startIcon={<ArrowBackIcon />} onClick={() => go({ uid: null })} sx={{ mb: 1 }}>
          {translate('email.back')}
        </Button>
      ) : null}
      {uid === null ? (
        <Typography color="text.secondary">{translate('email.choose')}</Typography>
      ) : message.isPending ? (
        <CircularProgress aria-label={translate('ra.page.loading')} />
      ) : message.error || !read ? (
        <Alert severity="error">{translate(message.error?.message ?? 'ra.notification.item_doesnt_exist')}</Alert>
      ) : (
        <>
          <Typography variant="h6" component="h2" gutterBottom>
            {read.subject || translate('email.noSubject')}
          </Typography>
          <Typography variant="body2">
            <strong>{translate('email.from')}:</strong> {read.from ? `${read.from.name} <${read.from.address}>` : '—'}
          </Typography>
          <Typography variant="body2">
            <strong>{translate('email.to')}:</strong> {read.to.map((entry) => entry.address).join(', ')}
          </Typography>
          {read.cc.length > 0 ? (
            <Typography variant="body2">
              <strong>{translate('email.cc')}:</strong> {read.cc.map((entry) => entry.address).join(', ')}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {formatDateTime(read.date)}
          </Typography>
          <Stack direction="row" useFlexGap spacing={1} sx={{ my: 1, flexWrap: 'wrap' }}>
            {canSend ? (
              <>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ReplyIcon />}
                  onClick={() => setCompose({ kind: 'reply', folder, message: read })}
                >
                  {translate('email.reply')}
                </Button>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<ForwardIcon />}
                  onClick={() => setCompose({ kind: 'forward', folder, message: read })}
                >
                  {translate('email.forward')}
                </Button>
              </>
            ) : null}
            {canSort ? (
              <>
                <Tooltip title={translate(read.attrs.flags.includes('Flagged') ? 'email.unflag' : 'email.flag')}>
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={
                      read.attrs.flags.includes('Flagged') ? <FlagIcon color="warning" /> : <OutlinedFlagIcon />
                    }
                    onClick={() => flag([read.attrs.uid], 'Flagged', !read.attrs.flags.includes('Flagged'))}
                  >
                    {translate(read.attrs.flags.includes('Flagged') ? 'email.unflag' : 'email.flag')}
                  </Button>
                </Tooltip>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<MarkEmailUnreadIcon />}
                  onClick={() => flag([read.attrs.uid], 'Seen', false)}
                >
                  {translate('email.markUnread')}
                </Button>
                <Button size="small" variant="outlined" startIcon={<LinkIcon />} onClick={() => setLinking(true)}>
                  {translate('email.link.action')}
                </Button>
              </>
            ) : null}
            {canDelete ? (
              <Button
                size="small"
                variant="outlined"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => remove([read.attrs.uid])}
              >
                {translate('ra.action.delete')}
              </Button>
            ) : null}
          </Stack>
          {read.links.length > 0 ? (
            <Stack direction="row" useFlexGap spacing={1} sx={{ mb: 1, flexWrap: 'wrap' }}>
              {read.links.map((link) =>
                link.customerId !== null ? (
                  <Chip
                    key={link.id}
                    size="small"
                    component={RouterLink}
                    to={`/customers/${link.customerId}`}
                    clickable
                    label={translate('email.link.customer', { name: link.customerName ?? link.customerId })}
                  />
                ) : (
                  <Chip
                    key={link.id}
                    size="small"
                    component={RouterLink}
                    to={`/vorgang/${link.bookingId}`}
                    clickable
                    label={translate('email.link.booking', { nr: link.bookingNumber ?? '' })}
                  />
                ),
              )}
            </Stack>
          ) : null}
          {read.attachments.length > 0 ? (
            <Stack direction="row" sx={{ mb: 1, flexWrap: 'wrap', gap: 1 }} aria-label={translate('email.attachments')}>
              {read.attachments.map((file) => (
                <Chip
                  key={file.part}
                  icon={<AttachFileIcon />}
                  label={`${file.filename} (${Math.max(1, Math.round(file.size / 1024))} KB)`}
                  onClick={() =>
                    void download(
                      withMailbox(`/mail-folder/${folder}/messages/${read.attrs.uid}/attachments/${file.part}`),
                      file.filename,
                    ).catch((error: Error) => notify(error.message, { type: 'error' }))
                  }
                />
              ))}
            </Stack>
          ) : null}
          {read.remoteImagesBlocked ? (
            <Alert
              severity="info"
              icon={<DraftsIcon />}
              sx={{ mb: 1 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  sx={{ whiteSpace: 'nowrap' }}
                  onClick={() => setImagesAllowedFor(messageKey)}
                >
                  {translate('email.showImages')}
                </Button>
              }
            >
              {translate('email.imagesBlocked')}
            </Alert>
          ) : null}
          {read.html ? (
            <Box
              component="iframe"
              title={translate('email.messageBody')}
              sandbox=""
              srcDoc={`<!doctype html><meta charset="utf-8"><base target="_blank"><body style="font-family:Arial,sans-serif;font-size:14px;margin:0;background:#fff;color:#222">${read.html}</body>`}
              sx={{
                width: '100%',
                minHeight: 360,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: '#fff',
              }}
            />
          ) : (
            <Box component="pre" sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0 }}>
              {read.text}
            </Box>
          )}
        </>
      )}
    </Paper>
  );

  return (
    <Box sx={{ p: 1 }}>
      <Title title={translate('email.title')} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'stretch', minHeight: 'calc(100vh - 160px)' }}>
        {showFolders ? foldersPane : null}
        {showList ? listPane : null}
        {showMessage ? messagePane : null}
      </Stack>
      {compose && mailbox !== null ? (
        <ComposeDialog
          mailbox={mailbox}
          start={compose}
          onClose={() => setCompose(null)}
          onSent={() => {
            setCompose(null);
            void refreshAll();
          }}
        />
      ) : null}
      {linking && read && mailbox !== null ? (
        <LinkDialog
          mailbox={mailbox}
          folder={folder}
          uid={read.attrs.uid}
          onClose={() => setLinking(false)}
          onLinked={() => {
            setLinking(false);
            void refreshAll();
          }}
        />
      ) : null}
    </Box>
  );
}
