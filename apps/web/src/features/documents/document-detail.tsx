import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { Title, useNotify, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { Link, useParams } from 'react-router-dom';
import type { DocumentDetail as Detail } from '@tourdesk/contracts/documents-query.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { download } from '../../shared/manifest-downloads.tsx';
import { DocumentTypeChip, documentDate, documentTitle } from './document-type.tsx';

/** One line of what the document is and whose: a label and its value (a link where the user may follow it). */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box component="div" sx={{ display: 'flex', gap: 2, py: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** The mails the document went out with: to whom, subject, state, when, and with which files. */
function MailTable({ mails }: { mails: Detail['mails'] }) {
  const translate = useTranslate();
  if (mails.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('documents.detail.noMails')}
      </Typography>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={translate('documents.detail.mails')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('documents.mail.to')}</TableCell>
            <TableCell>{translate('documents.mail.subject')}</TableCell>
            <TableCell>{translate('documents.mail.status')}</TableCell>
            <TableCell>{translate('documents.mail.sentAt')}</TableCell>
            <TableCell>{translate('documents.mail.attachments')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mails.map((mail) => (
            <TableRow key={mail.id}>
              <TableCell>{mail.to}</TableCell>
              <TableCell>{mail.subject}</TableCell>
              <TableCell>{translate(`documents.mail.states.${mail.status}`, { _: mail.status })}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.sentAt ?? mail.createdAt)}</TableCell>
              <TableCell>{mail.attachments.join(', ')}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /documents/{id}: what the document is, who and what it belongs to, its download and the mails it went out with. */
export function DocumentDetail() {
  const id = Number(useParams().id);
  const translate = useTranslate();
  const notify = useNotify();
  const mayOpenBookings = useHasAnyPermission(['vorgang-read']);
  const mayOpenCustomers = useHasAnyPermission(['customers-read']);
  const [busy, setBusy] = useState(false);
  const {
    data: doc,
    isPending,
    error,
  } = useQuery({
    queryKey: ['documents', id],
    queryFn: () => api<Detail>(`/documents/${id}`),
    retry: false,
  });
  if (isPending) return <PageLoading />;
  if (error || !doc) {
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate(error instanceof Error ? error.message : 'error.notFound')}
      </Typography>
    );
  }
  const save = () => {
    setBusy(true);
    download(doc.downloadPath, doc.filename)
      .catch((failure: unknown) =>
        notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' }),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Box sx={{ pb: 4 }}>
      <Title title={translate('documents.detail.title', { name: documentTitle(doc, translate) })} />
      <Stack direction="row" spacing={2} sx={{ mt: 2, mb: 2, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {documentTitle(doc, translate)}
        </Typography>
        <DocumentTypeChip type={doc.type} />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<DownloadIcon />} onClick={save} disabled={busy}>
          {translate('documents.actions.download')}
        </Button>
      </Stack>
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              {translate('documents.detail.about')}
            </Typography>
            <Box component="dl" sx={{ m: 0 }}>
              <Fact label={translate('documents.fields.type')}>{translate(`documents.types.${doc.type}`)}</Fact>
              <Fact label={translate('documents.fields.file')}>{doc.filename}</Fact>
              <Fact label={translate('documents.fields.date')}>{documentDate(doc)}</Fact>
              {doc.id_booking ? (
                <Fact label={translate('documents.fields.booking')}>
                  {mayOpenBookings ? <Link to={`/vorgang/${doc.id_booking}`}>{doc.id_booking}</Link> : doc.id_booking}
                </Fact>
              ) : null}
              {doc.customerName ? (
                <Fact label={translate('documents.fields.customer')}>
                  {mayOpenCustomers && doc.id_vc_card ? (
                    <Link to={`/customers/${doc.id_vc_card}`}>{doc.customerName}</Link>
                  ) : (
                    doc.customerName
                  )}
                </Fact>
              ) : null}
              {doc.journeyTitle ? <Fact label={translate('documents.fields.journey')}>{doc.journeyTitle}</Fact> : null}
              {doc.receivedFrom ? (
                <Fact label={translate('documents.detail.receivedFrom')}>{doc.receivedFrom}</Fact>
              ) : null}
              {doc.receivedSubject ? (
                <Fact label={translate('documents.detail.receivedSubject')}>{doc.receivedSubject}</Fact>
              ) : null}
            </Box>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h3" gutterBottom>
              {translate('documents.detail.mails')}
            </Typography>
            <MailTable mails={doc.mails} />
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
