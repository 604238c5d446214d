import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  List as MuiList,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import { BarChart } from '@mui/x-charts/BarChart';
import { useQuery } from '@tanstack/react-query';
import { Button, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import type { SurveyQuestionResult, SurveyResults } from '@tourdesk/contracts/surveys.schema';
import { formatDate, formatDateTime } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { download } from '../../shared/manifest-downloads.tsx';
import { histogramBins, type Bin } from './survey-steps.ts';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined" sx={{ flex: '1 1 160px', minWidth: 160 }}>
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The bars of one question, with the same figures as a list for screen readers and a quick read. */
function Bars({ bins, label }: { bins: Bin[]; label: string }) {
  const translate = useTranslate();
  if (bins.every((bin) => bin.count === 0))
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('surveys.results.noAnswers')}
      </Typography>
    );
  return (
    <Box>
      <Box role="img" aria-label={label} data-testid="survey-chart">
        <BarChart
          height={Math.max(180, Math.min(320, 60 + bins.length * 28))}
          xAxis={[{ scaleType: 'band', data: bins.map((bin) => bin.label) }]}
          yAxis={[{ tickMinStep: 1 }]}
          series={[{ data: bins.map((bin) => bin.count), label: translate('surveys.results.count') }]}
          hideLegend
          margin={{ left: 0, right: 8 }}
        />
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5, columns: '14rem auto' }}>
        {bins.map((bin) => (
          <Typography component="li" variant="body2" key={bin.label}>
            {bin.label}: {bin.count}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

const decimal = (value: number | null) =>
  value === null ? '–' : new Intl.NumberFormat('de-DE', { maximumFractionDigits: 2 }).format(value);

function QuestionResult({ result, index }: { result: SurveyQuestionResult; index: number }) {
  const translate = useTranslate();
  const headingId = useId();
  const chartLabel = translate('surveys.results.chartOf', { title: result.title });
  let body;
  if (result.type === 'choice' || result.type === 'multichoice' || result.type === 'yesno')
    body = (
      <Bars label={chartLabel} bins={result.options.map((option) => ({ label: option.text, count: option.count }))} />
    );
  else if (result.type === 'scale')
    body = (
      <Bars
        label={chartLabel}
        bins={result.histogram.map((entry) => ({ label: decimal(entry.value), count: entry.count }))}
      />
    );
  else if (result.type === 'number')
    body = <Bars label={chartLabel} bins={histogramBins(result.histogram, 10, decimal)} />;
  else if (result.type === 'date')
    body = (
      <Bars
        label={chartLabel}
        bins={result.dates.map((entry) => ({ label: formatDate(entry.date), count: entry.count }))}
      />
    );
  else
    body =
      result.texts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('surveys.results.noAnswers')}
        </Typography>
      ) : (
        <MuiList dense aria-labelledby={headingId} tabIndex={0} sx={{ maxHeight: 360, overflow: 'auto' }}>
          {result.texts.map((text, i) => (
            <ListItem key={i} divider>
              <ListItemText primary={text.text} secondary={formatDateTime(text.submittedAt)} />
            </ListItem>
          ))}
        </MuiList>
      );
  const numeric = result.type === 'number' || result.type === 'scale';
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap', rowGap: 0.5, mb: 1 }}>
          <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {index + 1}. {result.title}
          </Typography>
          <Chip size="small" label={translate(`surveys.types.${result.type}`)} />
          {result.inSteps ? null : (
            <Chip size="small" variant="outlined" label={translate('surveys.results.removed')} />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('surveys.results.answered', { smart_count: result.answered })}
          {numeric && result.answered > 0
            ? ` · ${translate('surveys.results.average')} ${decimal(result.average)} · ${translate('surveys.results.min')} ${decimal(result.min)} · ${translate('surveys.results.max')} ${decimal(result.max)}`
            : ''}
        </Typography>
        {body}
      </CardContent>
    </Card>
  );
}

/** /survey/surveys/{id}/show: how many answered, and per question a chart (texts as a list); the CSV export. */
export function SurveyResultsPage() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const results = useQuery({
    queryKey: ['survey-results', id],
    queryFn: () => api<SurveyResults>(`/survey/surveys/${id}/results`),
  });
  const data = results.data;
  const exportCsv = async () => {
    setBusy(true);
    try {
      await download(`/survey/surveys/${id}/export.csv?lang=${locale}`, `survey-${id}.csv`);
    } catch {
      notify('surveys.results.exportFailed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 1100 }}>
      <Title
        title={data ? `${translate('surveys.results.title')}: ${data.title}` : translate('surveys.results.title')}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Box sx={{ flex: '1 1 auto' }} />
        <Button component={Link} to={`/survey/surveys/${id}`} label="ra.action.edit">
          <EditIcon />
        </Button>
        <Button
          variant="contained"
          label="surveys.results.export"
          onClick={() => void exportCsv()}
          disabled={busy || !data || data.responses === 0}
        >
          <DownloadIcon />
        </Button>
      </Stack>
      {results.isPending ? <Skeleton variant="rounded" height={240} /> : null}
      {results.isError ? <Alert severity="error">{translate('surveys.results.loadFailed')}</Alert> : null}
      {data ? (
        <>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Figure label={translate('surveys.results.responses')} value={String(data.responses)} />
            <Figure
              label={translate('surveys.results.first')}
              value={data.firstAt ? formatDateTime(data.firstAt) : '–'}
            />
            <Figure label={translate('surveys.results.last')} value={data.lastAt ? formatDateTime(data.lastAt) : '–'} />
          </Stack>
          {data.questions.length === 0 ? (
            <Alert severity="info">{translate('surveys.results.noQuestions')}</Alert>
          ) : null}
          {data.questions.map((result, index) => (
            <QuestionResult key={result.id_survey_questions} result={result} index={index} />
          ))}
        </>
      ) : null}
    </Box>
  );
}
