import { Alert, Box, Button, Card, CardContent, Chip, LinearProgress, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { NewsletterSendingCampaign, NewsletterSendingOverview } from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';

const number = (value: number) => new Intl.NumberFormat('de-DE').format(value);

function CampaignCard({ campaign }: { campaign: NewsletterSendingCampaign }) {
  const translate = useTranslate();
  const done = campaign.sent + campaign.bounced + campaign.failed;
  const progress = campaign.recipients > 0 ? Math.round((done / campaign.recipients) * 100) : 0;
  return (
    <Card variant="outlined" component="article" aria-label={campaign.title}>
      <CardContent>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            {campaign.title}
          </Typography>
          <Chip size="small" label={translate(`newsletterAnalysis.status.${campaign.status}`)} />
        </Box>
        <Typography variant="body2" color="text.secondary">
          {campaign.status === 'scheduled'
            ? translate('mailjet.scheduledFor', { at: formatDateTime(campaign.scheduledAt) })
            : translate('mailjet.startedAt', { at: formatDateTime(campaign.startedAt) })}
        </Typography>
        {campaign.status !== 'scheduled' ? (
          <>
            <LinearProgress
              variant="determinate"
              value={progress}
              sx={{ my: 1, height: 8, borderRadius: 1 }}
              aria-label={translate('mailjet.progress', { title: campaign.title })}
            />
            <Typography variant="body2">
              {translate('mailjet.progressText', { done: number(done), total: number(campaign.recipients) })} ·{' '}
              {translate('mailjet.rate', { rate: campaign.ratePerMinute.toLocaleString('de-DE') })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {(['queued', 'sending', 'sent', 'bounced', 'failed'] as const)
                .map((status) => `${translate(`mailjet.${status}`)}: ${number(campaign[status])}`)
                .join(' · ')}
            </Typography>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /mailjet: the campaigns sending now and those scheduled, with progress and rate; refreshed every 5 s. */
export function SendingPage() {
  const translate = useTranslate();
  const { data, error } = useQuery({
    queryKey: ['newsletter-sending'],
    queryFn: () => api<NewsletterSendingOverview>('/newsletter/sending'),
    refetchInterval: 5000,
  });
  return (
    <Box sx={{ py: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('mailjet.title')} />
      <Box>
        <Button component={RouterLink} to="/mailjet/debug" variant="outlined">
          {translate('mailjet.toQueue')}
        </Button>
      </Box>
      {error ? <Alert severity="error">{translate('error.errorOccurred')}</Alert> : null}
      {!data ? (
        <Skeleton variant="rounded" height={160} />
      ) : data.data.length === 0 ? (
        <Alert severity="info">{translate('mailjet.empty')}</Alert>
      ) : (
        data.data.map((campaign) => <CampaignCard key={campaign.id} campaign={campaign} />)
      )}
    </Box>
  );
}
