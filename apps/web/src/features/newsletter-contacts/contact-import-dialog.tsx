import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import {
  IMPORT_FIELDS,
  type ImportCheck,
  type ImportField,
  type ImportProgress,
  type ImportUpload,
  type NewsletterList,
} from '@tourdesk/contracts/newsletter-contacts.schema';
import { api } from '../../lib/api-client.ts';
import { uploadErrorKey, uploadFile } from '../../shared/upload-file.ts';

type Mapping = Record<ImportField, number | null>;

const STATE_COLOURS = {
  new: 'success',
  existing: 'info',
  duplicateInFile: 'warning',
  invalidEmail: 'error',
  unsubscribed: 'default',
} as const;

const errorKey = (error: unknown) => uploadErrorKey(error);

/**
 * Import of contacts from a CSV or Excel file: upload (the server parses it) → column mapping with a preview of
 * the first rows and their state (new, already a contact, twice in the file, invalid address) → import into an
 * optional list in chunks with a progress bar → summary.
 */
export function ContactImportDialog({
  open,
  onClose,
  listId,
}: {
  open: boolean;
  onClose: () => void;
  listId?: number;
}) {
  const translate = useTranslate();
  const [upload, setUpload] = useState<ImportUpload | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [check, setCheck] = useState<ImportCheck | null>(null);
  const [targetList, setTargetList] = useState<number | ''>(listId ?? '');
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: lists } = useGetList<NewsletterList>(
    'newsletter/contactslist',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && listId === undefined },
  );

  useEffect(() => {
    if (!upload || !mapping || typeof mapping.email !== 'number') return;
    let current = true;
    api<ImportCheck>(`/newsletter/contacts/import/${upload.id}/check`, { method: 'POST', body: { mapping } })
      .then((result) => current && setCheck(result))
      .catch((failure: unknown) => current && setError(errorKey(failure)));
    return () => {
      current = false;
    };
  }, [upload, mapping]);

  const reset = () => {
    setUpload(null);
    setMapping(null);
    setCheck(null);
    setProgress(null);
    setError(null);
    setBusy(false);
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    reset();
    setBusy(true);
    try {
      const answer = await uploadFile<ImportUpload>('/newsletter/contacts/import', file);
      setUpload(answer);
      setMapping(answer.mapping as Mapping);
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };

  const run = async () => {
    if (!upload || !mapping) return;
    setBusy(true);
    setError(null);
    try {
      let state = await api<ImportProgress>(`/newsletter/contacts/import/${upload.id}/start`, {
        method: 'POST',
        body: { mapping, listId: targetList === '' ? null : targetList },
      });
      setProgress(state);
      while (state.status !== 'done') {
        state = await api<ImportProgress>(`/newsletter/contacts/import/${upload.id}/next`, { method: 'POST' });
        setProgress(state);
      }
    } catch (failure) {
      setError(errorKey(failure));
    } finally {
      setBusy(false);
    }
  };

  const done = progress?.status === 'done';
  const percent = progress && progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      aria-labelledby="contact-import-title"
      slotProps={{ paper: { sx: { width: '100%', maxWidth: 900 } } }}
    >
      <DialogTitle id="contact-import-title">{translate('newsletterContacts.import.title')}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate(error)}
          </Alert>
        ) : null}
        {!upload ? (
          <Box sx={{ py: 2 }}>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('newsletterContacts.import.intro')}
            </Typography>
            <Button variant="contained" component="label" disabled={busy}>
              {translate('newsletterContacts.import.chooseFile')}
              <input
                hidden
                type="file"
                accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                aria-label={translate('newsletterContacts.import.chooseFile')}
                onChange={(event) => void choose(event.target.files?.[0])}
              />
            </Button>
            {busy ? <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} /> : null}
          </Box>
        ) : null}
        {upload && mapping && !progress ? (
          <Box>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {translate('newsletterContacts.import.detected', { file: upload.fileName, smart_count: upload.rows })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, gap: 2, mb: 2 }}>
              {IMPORT_FIELDS.map((field) => (
                <TextField
                  key={field}
                  select
                  size="small"
                  label={translate(`newsletterContacts.fields.${field}`)}
                  value={mapping[field] ?? ''}
                  required={field === 'email'}
                  onChange={(event) =>
                    setMapping({ ...mapping, [field]: event.target.value === '' ? null : Number(event.target.value) })
                  }
                >
                  <MenuItem value="">{translate('newsletterContacts.import.notMapped')}</MenuItem>
                  {upload.columns.map((column, index) => (
                    <MenuItem key={index} value={index}>
                      {column}
                    </MenuItem>
                  ))}
                </TextField>
              ))}
            </Box>
            {listId === undefined ? (
              <TextField
                select
                size="small"
                sx={{ mb: 2, minWidth: 280 }}
                label={translate('newsletterContacts.import.intoList')}
                value={targetList}
                onChange={(event) => setTargetList(event.target.value === '' ? '' : Number(event.target.value))}
              >
                <MenuItem value="">{translate('newsletterContacts.import.noList')}</MenuItem>
                {(lists ?? []).map((list) => (
                  <MenuItem key={list.id} value={list.id}>
                    {list.name}
                  </MenuItem>
                ))}
              </TextField>
            ) : null}
            {check ? (
              <>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1 }} data-testid="import-counts">
                  {(Object.keys(STATE_COLOURS) as Array<keyof typeof STATE_COLOURS>).map((state) => (
                    <Chip
                      key={state}
                      size="small"
                      color={STATE_COLOURS[state]}
                      label={`${translate(`newsletterContacts.import.state.${state}`)}: ${check.counts[state] ?? 0}`}
                    />
                  ))}
                </Box>
                <Box
                  sx={{ overflowX: 'auto' }}
                  tabIndex={0}
                  role="region"
                  aria-label={translate('newsletterContacts.import.preview')}
                >
                  <Table size="small" aria-label={translate('newsletterContacts.import.preview')}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('newsletterContacts.import.row')}</TableCell>
                        <TableCell>{translate('newsletterContacts.fields.email')}</TableCell>
                        <TableCell>{translate('newsletterContacts.fields.firstName')}</TableCell>
                        <TableCell>{translate('newsletterContacts.fields.lastName')}</TableCell>
                        <TableCell>{translate('newsletterContacts.import.status')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {check.preview.slice(0, 8).map((row) => (
                        <TableRow key={row.row}>
                          <TableCell>{row.row}</TableCell>
                          <TableCell>{row.email}</TableCell>
                          <TableCell>{row.firstName}</TableCell>
                          <TableCell>{row.lastName}</TableCell>
                          <TableCell>
                            <Chip
                              size="small"
                              color={STATE_COLOURS[row.state]}
                              label={translate(`newsletterContacts.import.state.${row.state}`)}
                            />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </>
            ) : null}
          </Box>
        ) : null}
        {progress ? (
          <Box sx={{ py: 2 }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              aria-label={translate('newsletterContacts.import.progress')}
            />
            <Typography variant="body2" sx={{ mt: 1 }} role="status">
              {translate('newsletterContacts.import.processed', {
                processed: progress.processed,
                total: progress.total,
              })}
            </Typography>
            {done ? (
              <Alert severity="success" sx={{ mt: 2 }} data-testid="import-summary">
                {translate('newsletterContacts.import.summary', {
                  created: progress.created,
                  updated: progress.updated,
                  skipped: progress.skipped,
                })}
              </Alert>
            ) : null}
            {done && progress.skippedRows.length > 0 ? (
              <Table size="small" sx={{ mt: 1 }} aria-label={translate('newsletterContacts.import.skippedRows')}>
                <TableBody>
                  {progress.skippedRows.slice(0, 20).map((row) => (
                    <TableRow key={row.row}>
                      <TableCell>{row.row}</TableCell>
                      <TableCell>{row.email}</TableCell>
                      <TableCell>{translate(`newsletterContacts.import.state.${row.reason}`)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : null}
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={busy}>
          {translate(done ? 'ra.action.close' : 'ra.action.cancel')}
        </Button>
        {upload && !progress ? (
          <Button variant="contained" onClick={() => void run()} disabled={busy || !check}>
            {translate('newsletterContacts.import.run')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
