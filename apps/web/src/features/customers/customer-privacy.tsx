import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import type { Customer } from '@tourdesk/contracts/customers.schema';
import type { AnonymiseResult } from '@tourdesk/contracts/gdpr.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { download } from '../../shared/manifest-downloads.tsx';

/**
 * The customer's "Datenschutz" tab (docs/adr/0034): a GDPR request in two clicks. "Daten exportieren" downloads
 * everything stored about the customer as a ZIP (administrators); "Anonymisieren" asks once, naming what goes and
 * what stays, and anonymises (customers-delete).
 */
export function CustomerPrivacy({ customer }: { customer: Customer }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const mayExport = useHasAnyPermission(['admin']);
  const mayAnonymise = useHasAnyPermission(['customers-delete']);
  const [busy, setBusy] = useState<'export' | 'anonymise' | null>(null);
  const [asking, setAsking] = useState(false);

  const failed = (error: unknown) =>
    notify(error instanceof HttpError ? error.message : 'error.unexpected', { type: 'error' });

  const exportData = async () => {
    setBusy('export');
    try {
      await download(`/customers/${customer.id}/gdpr-export`, `kunde-${customer.id}-datenauskunft.zip`);
      notify('customers.privacy.exported', { type: 'success' });
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const anonymise = async () => {
    setBusy('anonymise');
    try {
      const result = await api<AnonymiseResult>(`/customers/${customer.id}/anonymise`, {
        method: 'POST',
        body: { confirm: true },
      });
      setAsking(false);
      notify(result.alreadyAnonymised ? 'customers.privacy.alreadyAnonymised' : 'customers.privacy.anonymised', {
        type: 'success',
        messageArgs: { name: result.name, date: formatDateTime(result.anonymisedAt) },
      });
      refresh();
    } catch (error) {
      setAsking(false);
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ maxWidth: 720, py: 1 }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        {translate('customers.tabs.privacy')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('customers.privacy.intro')}
      </Typography>
      <Stack spacing={2}>
        {mayExport ? (
          <Box>
            <Button
              type="button"
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={exportData}
              disabled={busy !== null}
            >
              {translate('customers.privacy.export')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate('customers.privacy.exportHint')}
            </Typography>
          </Box>
        ) : null}
        {mayAnonymise ? (
          <Box>
            <Button
              type="button"
              variant="outlined"
              color="error"
              startIcon={<PersonOffIcon />}
              onClick={() => setAsking(true)}
              disabled={busy !== null}
            >
              {translate('customers.privacy.anonymise')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {translate('customers.privacy.anonymiseHint')}
            </Typography>
          </Box>
        ) : null}
      </Stack>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="anonymise-title">
        <DialogTitle id="anonymise-title">
          {translate('customers.privacy.confirmTitle', { name: customer.name })}
        </DialogTitle>
        <DialogContent>
          <Typography variant="subtitle2" component="p">
            {translate('customers.privacy.goes')}
          </Typography>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('customers.privacy.goesList', { id: customer.id })}
          </DialogContentText>
          <Typography variant="subtitle2" component="p">
            {translate('customers.privacy.stays')}
          </Typography>
          <DialogContentText sx={{ mb: 2 }}>{translate('customers.privacy.staysList')}</DialogContentText>
          <Alert severity="warning">{translate('customers.privacy.irreversible')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button type="button" onClick={() => setAsking(false)}>
            {translate('customers.privacy.cancel')}
          </Button>
          <Button type="button" color="error" variant="contained" onClick={anonymise} disabled={busy !== null}>
            {translate('customers.privacy.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
