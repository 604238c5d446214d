import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Divider,
  Stack,
  TextField,
  Typography,
  Button as MuiButton,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Confirm, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { CampaignReview as Review, NewsletterCampaign } from '@tourdesk/contracts/newsletter-campaigns.schema';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { CampaignProgress, CampaignStatusChip } from './campaign-pages.tsx';

/** Tomorrow 09:00 as the date-time field's first proposal. */
function tomorrowMorning(): string {
  const date = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T09:00`;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 0.5, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box>{children}</Box>
    </Box>
  );
}

/**
 * /newsletter/campaigns/id_save/{id} — the spec's `id_save` page, read as the review step of a saved campaign
 * (docs/adr/0021): what goes to whom (sender, subject, template, lists with their recipients), a test send, and
 * schedule or send now; while sending, the progress with pause, resume and cancel.
 */
export function CampaignReview() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const maySend = useHasAnyPermission(['newsletter-send']);
  const [testEmail, setTestEmail] = useState('');
  const [at, setAt] = useState(tomorrowMorning);
  const [confirm, setConfirm] = useState<'send' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const key = ['newsletter-campaign-review', id];
  const { data, error } = useQuery({
    queryKey: key,
    queryFn: () => api<Review>(`/newsletter/campaigns/${id}/review`),
    refetchInterval: (query) =>
      ['sending', 'paused', 'scheduled'].includes(query.state.data?.campaign.status ?? '') ? 3000 : false,
  });

  const run = async (work: () => Promise<unknown>, success?: string) => {
    setBusy(true);
    try {
      await work();
      if (success) notify(success, { type: 'info', messageArgs: { email: testEmail } });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (cause) {
      notify(cause instanceof HttpError ? cause.message : 'error.unexpected', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const post = (action: string, body?: unknown) =>
    api<NewsletterCampaign>(`/newsletter/campaigns/${id}/${action}`, { method: 'POST', body: body ?? {} });

  if (error)
    return <Alert severity="error">{translate(error instanceof HttpError ? error.message : 'error.unexpected')}</Alert>;
  if (!data) return null;
  const { campaign, lists, recipients, problems } = data;
  const editable = campaign.status === 'draft' || campaign.status === 'scheduled';
  const running = campaign.status === 'sending' || campaign.status === 'paused';

  const testSend = (event: FormEvent) => {
    event.preventDefault();
    void run(() => post('test', { email: testEmail }), 'campaigns.review.testSent');
  };
  const schedule = (event: FormEvent) => {
    event.preventDefault();
    void run(() => post('schedule', { at }));
  };

  return (
    <Box sx={{ py: 2, maxWidth: 900 }}>
      <Title title={translate('campaigns.review.title')} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        {/* Under the app bar's title, the page's one level-one heading. */}
        <Typography variant="h5" component="h2">
          {campaign.title}
        </Typography>
        <CampaignStatusChip status={campaign.status} />
      </Stack>
      <Stack spacing={2}>
        <Section title={translate('campaigns.review.summary')}>
          <Row label={translate('campaigns.review.sender')}>
            <Typography>
              {campaign.sender_name} {campaign.sender_email ? `<${campaign.sender_email}>` : ''}
            </Typography>
          </Row>
          <Row label={translate('campaigns.fields.subject')}>
            <Typography>{campaign.subject}</Typography>
          </Row>
          <Row label={translate('campaigns.review.template')}>
            <Typography>{campaign.template_name ?? '–'}</Typography>
          </Row>
          <Row label={translate('campaigns.review.lists')}>
            <Stack spacing={0.5}>
              {lists.map((list) => (
                <Stack key={list.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Typography>{list.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate('campaigns.review.recipientsOfList', { smart_count: list.recipients })}
                  </Typography>
                  {!list.certified || !list.active ? (
                    <Chip
                      size="small"
                      color="warning"
                      label={translate(list.active ? 'campaigns.list.uncertified' : 'campaigns.list.inactive')}
                    />
                  ) : null}
                </Stack>
              ))}
              <Typography sx={{ fontWeight: 'bold' }}>
                {translate('campaigns.review.recipientsTotal', { smart_count: recipients })}
              </Typography>
            </Stack>
          </Row>
          <Row label={translate('campaigns.review.tracking')}>
            <Typography>
              {translate(campaign.tracking ? 'campaigns.review.trackingOn' : 'campaigns.review.trackingOff')}
            </Typography>
          </Row>
          {campaign.scheduled_at ? (
            <Row label={translate('campaigns.fields.scheduled_at')}>
              <Typography>{formatDateTime(campaign.scheduled_at)}</Typography>
            </Row>
          ) : null}
          {problems.length > 0 ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              <Typography variant="body2" sx={{ fontWeight: 'bold' }}>
                {translate('campaigns.review.problems')}
              </Typography>
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {problems.map((problem) => (
                  <li key={problem}>{translate(problem)}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {editable ? (
            <Box sx={{ mt: 1 }}>
              <MuiButton component={Link} to={`/newsletter/campaigns/${campaign.id}`} variant="outlined">
                {translate('campaigns.review.edit')}
              </MuiButton>
            </Box>
          ) : null}
        </Section>

        {maySend && campaign.id_template !== null ? (
          <Section title={translate('campaigns.review.testTitle')}>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate('campaigns.review.testHelp')}
            </Typography>
            <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={testSend}>
              <TextField
                size="small"
                type="email"
                required
                label={translate('campaigns.review.testAddress')}
                value={testEmail}
                onChange={(event) => setTestEmail(event.target.value)}
                sx={{ minWidth: 260 }}
              />
              <MuiButton type="submit" variant="outlined" disabled={busy || !testEmail}>
                {translate('campaigns.review.testSend')}
              </MuiButton>
            </Stack>
          </Section>
        ) : null}

        {maySend && editable ? (
          <Section title={translate('campaigns.review.planTitle')}>
            <Stack spacing={2}>
              <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={schedule}>
                <TextField
                  size="small"
                  type="datetime-local"
                  required
                  label={translate('campaigns.review.planAt')}
                  value={at}
                  onChange={(event) => setAt(event.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <MuiButton type="submit" variant="outlined" disabled={busy || problems.length > 0}>
                  {translate('campaigns.review.schedule')}
                </MuiButton>
                {campaign.status === 'scheduled' ? (
                  <MuiButton disabled={busy} onClick={() => void run(() => post('unschedule'))}>
                    {translate('campaigns.review.unschedule')}
                  </MuiButton>
                ) : null}
              </Stack>
              <Divider />
              <Box>
                <MuiButton
                  variant="contained"
                  disabled={busy || problems.length > 0 || recipients === 0}
                  onClick={() => setConfirm('send')}
                >
                  {translate('campaigns.review.sendNow')}
                </MuiButton>
              </Box>
            </Stack>
          </Section>
        ) : null}

        {campaign.recipients > 0 || running ? (
          <Section title={translate('campaigns.review.progressTitle')}>
            <CampaignProgress campaign={campaign} />
            <Stack direction="row" spacing={2} sx={{ my: 1, flexWrap: 'wrap' }}>
              {(['queued', 'sent', 'bounced', 'failed'] as const).map((state) => (
                <Typography key={state} variant="body2">
                  {translate(`campaigns.review.${state}`)}: <strong>{campaign.progress[state]}</strong>
                </Typography>
              ))}
            </Stack>
            {maySend && running ? (
              <Stack direction="row" spacing={1}>
                {campaign.status === 'sending' ? (
                  <MuiButton variant="outlined" disabled={busy} onClick={() => void run(() => post('pause'))}>
                    {translate('campaigns.review.pause')}
                  </MuiButton>
                ) : (
                  <MuiButton variant="outlined" disabled={busy} onClick={() => void run(() => post('resume'))}>
                    {translate('campaigns.review.resume')}
                  </MuiButton>
                )}
                <MuiButton color="error" disabled={busy} onClick={() => setConfirm('cancel')}>
                  {translate('campaigns.review.cancel')}
                </MuiButton>
              </Stack>
            ) : null}
          </Section>
        ) : null}
      </Stack>
      <Confirm
        isOpen={confirm !== null}
        title={translate(confirm === 'cancel' ? 'campaigns.review.cancel' : 'campaigns.review.sendNow')}
        content={
          confirm === 'cancel'
            ? translate('campaigns.review.cancelConfirm')
            : translate('campaigns.review.sendNowConfirm', { smart_count: recipients })
        }
        onConfirm={() => {
          const action = confirm === 'cancel' ? 'cancel' : 'send';
          setConfirm(null);
          void run(() => post(action));
        }}
        onClose={() => setConfirm(null)}
      />
    </Box>
  );
}
