import { useId, type ReactNode } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Link,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { NewsletterAnalysisList, NewsletterCampaignAnalysis, NewsletterCampaignStats } from '@tourdesk/contracts';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';

const percent = (value: number) =>
  new Intl.NumberFormat('de-DE', { style: 'percent', maximumFractionDigits: 1 }).format(value);
const number = (value: number) => new Intl.NumberFormat('de-DE').format(value);

const berlinHour = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The time of a bucket as the axis and the table show it: `DD.MM., HH:00` (hour in Berlin) or `DD.MM.YYYY` (day). */
const bucketLabel = (at: string, granularity: 'hour' | 'day') =>
  granularity === 'day' ? formatDate(at) : berlinHour.format(new Date(at));

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 140px', minWidth: 140 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
        {hint ? (
          <Typography variant="caption" color="text.secondary">
            {hint}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Every campaign that was sent, with its figures; each row opens the campaign's analysis below. */
function CampaignTable({ campaigns, selected }: { campaigns: NewsletterCampaignStats[]; selected: number | null }) {
  const translate = useTranslate();
  const f = (key: string) => translate(`newsletterAnalysis.fields.${key}`);
  return (
    <TableContainer
      component={Card}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label={translate('newsletterAnalysis.campaigns')}
    >
      <Table size="small" aria-label={translate('newsletterAnalysis.campaigns')}>
        <TableHead>
          <TableRow>
            <TableCell>{f('title')}</TableCell>
            <TableCell>{f('startedAt')}</TableCell>
            <TableCell align="right">{f('sent')}</TableCell>
            <TableCell align="right">{f('delivered')}</TableCell>
            <TableCell align="right">{f('bouncedHard')}</TableCell>
            <TableCell align="right">{f('bouncedSoft')}</TableCell>
            <TableCell align="right">{f('opened')}</TableCell>
            <TableCell align="right">{f('opens')}</TableCell>
            <TableCell align="right">{f('clicked')}</TableCell>
            <TableCell align="right">{f('unsubscribed')}</TableCell>
            <TableCell align="right">{f('openRate')}</TableCell>
            <TableCell align="right">{f('clickRate')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {campaigns.map((campaign) => (
            <TableRow key={campaign.id} selected={campaign.id === selected} hover>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={`?id=${campaign.id}`}
                  aria-label={translate('newsletterAnalysis.open', { title: campaign.title })}
                  aria-current={campaign.id === selected ? 'true' : undefined}
                >
                  {campaign.title}
                </Link>
                {campaign.status !== 'sent' ? (
                  <Chip size="small" sx={{ ml: 1 }} label={translate(`newsletterAnalysis.status.${campaign.status}`)} />
                ) : null}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(campaign.startedAt)}</TableCell>
              <TableCell align="right">{number(campaign.sent)}</TableCell>
              <TableCell align="right">{number(campaign.delivered)}</TableCell>
              <TableCell align="right">{number(campaign.bouncedHard)}</TableCell>
              <TableCell align="right">{number(campaign.bouncedSoft)}</TableCell>
              <TableCell align="right">{campaign.tracking ? number(campaign.opened) : '–'}</TableCell>
              <TableCell align="right">{campaign.tracking ? number(campaign.opens) : '–'}</TableCell>
              <TableCell align="right">{campaign.tracking ? number(campaign.clicked) : '–'}</TableCell>
              <TableCell align="right">{number(campaign.unsubscribed)}</TableCell>
              <TableCell align="right">{campaign.tracking ? percent(campaign.openRate) : '–'}</TableCell>
              <TableCell align="right">{campaign.tracking ? percent(campaign.clickRate) : '–'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Opens and clicks over time as a bar chart with an accessible name and description, and the same as a table. */
function OverTime({ analysis }: { analysis: NewsletterCampaignAnalysis }) {
  const translate = useTranslate();
  const labelId = useId();
  const descriptionId = useId();
  const { series, granularity, stats } = analysis;
  const unit = translate(granularity === 'day' ? 'newsletterAnalysis.perDay' : 'newsletterAnalysis.perHour');
  if (series.length === 0)
    return <Typography color="text.secondary">{translate('newsletterAnalysis.noEvents')}</Typography>;
  const labels = series.map((bucket) => bucketLabel(bucket.at, granularity));
  const opensLabel = translate('newsletterAnalysis.fields.opens');
  const clicksLabel = translate('newsletterAnalysis.fields.clicks');
  return (
    <>
      <Box role="figure" aria-labelledby={labelId} aria-describedby={descriptionId}>
        <Typography id={labelId} variant="body2" color="text.secondary">
          {translate('newsletterAnalysis.chartLabel', { title: stats.title, unit })}
        </Typography>
        <Typography id={descriptionId} variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {translate('newsletterAnalysis.chartDescription', {
            opens: number(series.reduce((sum, bucket) => sum + bucket.opens, 0)),
            clicks: number(series.reduce((sum, bucket) => sum + bucket.clicks, 0)),
            from: labels[0],
            to: labels.at(-1),
          })}
        </Typography>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: labels }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[
            { data: series.map((bucket) => bucket.opens), label: opensLabel, color: '#1976d2' },
            { data: series.map((bucket) => bucket.clicks), label: clicksLabel, color: '#ed6c02' },
          ]}
          margin={{ left: 0, right: 8 }}
        />
      </Box>
      <Accordion variant="outlined" disableGutters>
        <AccordionSummary expandIcon={<ExpandMoreIcon />}>
          <Typography>{translate('newsletterAnalysis.showTable')}</Typography>
        </AccordionSummary>
        <AccordionDetails>
          <TableContainer
            sx={{ maxHeight: 320 }}
            tabIndex={0}
            role="region"
            aria-label={translate('newsletterAnalysis.overTime')}
          >
            <Table size="small" stickyHeader aria-label={translate('newsletterAnalysis.overTime')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('newsletterAnalysis.time')}</TableCell>
                  <TableCell align="right">{opensLabel}</TableCell>
                  <TableCell align="right">{clicksLabel}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {series.map((bucket, index) => (
                  <TableRow key={bucket.at}>
                    <TableCell>{labels[index]}</TableCell>
                    <TableCell align="right">{number(bucket.opens)}</TableCell>
                    <TableCell align="right">{number(bucket.clicks)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </AccordionDetails>
      </Accordion>
    </>
  );
}

function CampaignAnalysis({ id }: { id: number }) {
  const translate = useTranslate();
  const f = (key: string) => translate(`newsletterAnalysis.fields.${key}`);
  const { data: analysis, error } = useQuery({
    queryKey: ['newsletter-analysis', id],
    queryFn: () => api<NewsletterCampaignAnalysis>(`/newsletter/analysis/${id}`),
  });
  if (error) return <Alert severity="error">{translate('error.errorOccurred')}</Alert>;
  if (!analysis) return <Skeleton variant="rounded" height={360} />;
  const { stats } = analysis;
  return (
    <Box component="article" aria-labelledby="campaign-heading" sx={{ mt: 3 }}>
      <Typography id="campaign-heading" variant="h5" component="h2">
        {stats.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {stats.subject} · {formatDateTime(stats.startedAt)}
      </Typography>
      {!stats.tracking ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('newsletterAnalysis.trackingOff')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="campaign-figures">
        <Figure label={f('sent')} value={number(stats.sent)} />
        <Figure label={f('delivered')} value={number(stats.delivered)} />
        <Figure
          label={f('bouncedHard')}
          value={number(stats.bouncedHard)}
          hint={`${f('bouncedSoft')}: ${number(stats.bouncedSoft)}`}
        />
        {stats.tracking ? (
          <>
            <Figure
              label={f('opened')}
              value={number(stats.opened)}
              hint={`${percent(stats.openRate)} · ${f('opens')}: ${number(stats.opens)}`}
            />
            <Figure
              label={f('clicked')}
              value={number(stats.clicked)}
              hint={`${percent(stats.clickRate)} · ${f('clicks')}: ${number(stats.clicks)}`}
            />
          </>
        ) : null}
        <Figure label={f('unsubscribed')} value={number(stats.unsubscribed)} hint={percent(stats.unsubscribeRate)} />
      </Box>
      {stats.tracking && stats.machineOpens > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('newsletterAnalysis.machineNote', { count: number(stats.machineOpens) })}
        </Typography>
      ) : null}
      {stats.tracking ? (
        <>
          <Section title={translate('newsletterAnalysis.overTime')}>
            <OverTime analysis={analysis} />
          </Section>
          <Section title={translate('newsletterAnalysis.links')}>
            <TableContainer
              component={Card}
              variant="outlined"
              tabIndex={0}
              role="region"
              aria-label={translate('newsletterAnalysis.links')}
            >
              <Table size="small" aria-label={translate('newsletterAnalysis.links')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('newsletterAnalysis.url')}</TableCell>
                    <TableCell align="right">{f('clicks')}</TableCell>
                    <TableCell align="right">{f('clicked')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {analysis.links.map((link) => (
                    <TableRow key={link.id}>
                      <TableCell sx={{ wordBreak: 'break-all' }}>{link.url}</TableCell>
                      <TableCell align="right">{number(link.clicks)}</TableCell>
                      <TableCell align="right">{number(link.clicked)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </Section>
        </>
      ) : null}
      <Section title={translate('newsletterAnalysis.bounces')}>
        {analysis.bounces.length === 0 ? (
          <Typography color="text.secondary">{translate('newsletterAnalysis.noBounces')}</Typography>
        ) : (
          <TableContainer
            component={Card}
            variant="outlined"
            tabIndex={0}
            role="region"
            aria-label={translate('newsletterAnalysis.bounces')}
          >
            <Table size="small" aria-label={translate('newsletterAnalysis.bounces')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('newsletterAnalysis.email')}</TableCell>
                  <TableCell>{translate('newsletterAnalysis.type')}</TableCell>
                  <TableCell>{translate('newsletterAnalysis.at')}</TableCell>
                  <TableCell>{translate('newsletterAnalysis.smtpAnswer')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {analysis.bounces.map((bounce, index) => (
                  <TableRow key={`${bounce.email}-${bounce.at}-${index}`}>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{bounce.email}</TableCell>
                    <TableCell>{translate(`newsletterAnalysis.bounceType.${bounce.type}`)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(bounce.at)}</TableCell>
                    <TableCell>{bounce.detail}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Section>
    </Box>
  );
}

/** /newsletter/analysis: the sent campaigns with their figures; `?id=` opens one campaign's analysis. */
export function AnalysisPage() {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const selected = Number(params.get('id')) || null;
  const { data, error } = useQuery({
    queryKey: ['newsletter-analysis'],
    queryFn: () => api<NewsletterAnalysisList>('/newsletter/analysis'),
  });
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('newsletterAnalysis.title')} />
      {error ? <Alert severity="error">{translate('error.errorOccurred')}</Alert> : null}
      {!data ? (
        <Skeleton variant="rounded" height={200} />
      ) : data.data.length === 0 ? (
        <Alert severity="info">{translate('newsletterAnalysis.empty')}</Alert>
      ) : (
        <>
          <CampaignTable campaigns={data.data} selected={selected} />
          {selected ? (
            <CampaignAnalysis id={selected} />
          ) : (
            <Typography color="text.secondary" sx={{ mt: 2 }}>
              {translate('newsletterAnalysis.choose')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
