import { Box, Card, CardContent, Typography } from '@mui/material';
import {
  NumberInput,
  RecordContextProvider,
  SaveButton,
  SimpleForm,
  TextInput,
  Title,
  Toolbar,
  useCreatePath,
  useGetOne,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import { useParams } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZCopyJourneyBody, type CopyJourneyBody, type Journey } from '@tourdesk/contracts/journeys.schema';
import { formatDate } from '@tourdesk/contracts/format';
import { api } from '../../lib/api-client.ts';
import { shiftIsoDate } from './journey-form-logic.ts';

const RESOURCE = 'internet/journeys';
const PREVIEW_DATES = 3;

/** The first dates before and after the shift, so the clerk sees what the number of days does. */
function ShiftPreview({ dates = [] }: { dates?: Journey['dates'] }) {
  const translate = useTranslate();
  const shift: unknown = useWatch({ name: 'shiftDays' });
  const days = typeof shift === 'number' && Number.isInteger(shift) ? shift : 0;
  // Opened from the list, the record is first the list's summary (without dates) until the whole one is in.
  if (dates.length === 0) return null;
  return (
    <Box sx={{ mt: 1 }} data-testid="shift-preview">
      <Typography variant="subtitle2" component="h2">
        {translate('journeys.copy.preview')}
      </Typography>
      {dates.slice(0, PREVIEW_DATES).map((date) => (
        <Typography key={date.nr} variant="body2">
          {date.termincode}: {formatDate(date.date_from)} → {formatDate(shiftIsoDate(date.date_from, days))}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * /internet/journeys/copy/{id}: asks for the copy's title and how many days to shift every date, copies the
 * journey on the server (everything but bookings) and opens the copy.
 */
export function JourneyCopy() {
  const { id } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  const { data, isPending, error } = useGetOne<Journey & { id: number }>(
    RESOURCE,
    { id: Number(id) },
    { enabled: Boolean(id) },
  );
  if (isPending) return <PageLoading />;
  if (error || !data) {
    return (
      <Typography role="alert" color="error" sx={{ mt: 2 }}>
        {translate(error instanceof Error ? error.message : 'error.notFound')}
      </Typography>
    );
  }
  const copy = async (values: Record<string, unknown>) => {
    try {
      const body: CopyJourneyBody = { title: values.title as string, shiftDays: values.shiftDays as number };
      const journey = await api<Journey>(`/journey-lit/${data.id}/copy`, { method: 'POST', body });
      notify('journeys.notifications.copied', { type: 'info', messageArgs: { name: journey.title } });
      redirect(createPath({ resource: RESOURCE, id: journey.id, type: 'edit' }));
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
      return (failure as { body?: { errors?: Record<string, string> } }).body?.errors;
    }
  };
  const record = { title: translate('journeys.copy.defaultTitle', { title: data.title }), shiftDays: 0 };
  return (
    <>
      <Title title={translate('journeys.copy.title', { title: data.title })} />
      <Card sx={{ mt: 2, maxWidth: 760 }}>
        <CardContent sx={{ pb: 0 }}>
          <Typography variant="h6" component="h2">
            {data.title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('journeys.copy.help')}
          </Typography>
        </CardContent>
        <RecordContextProvider value={record}>
          <SimpleForm
            record={record}
            noValidate
            resolver={zodResolver(ZCopyJourneyBody)}
            onSubmit={copy}
            toolbar={
              <Toolbar>
                <SaveButton label="journeys.copy.submit" alwaysEnable />
              </Toolbar>
            }
          >
            <TextInput source="title" label="journeys.copy.newTitle" isRequired sx={{ maxWidth: 560 }} />
            <NumberInput
              source="shiftDays"
              label="journeys.copy.shiftDays"
              helperText="journeys.copy.shiftHelp"
              step={1}
            />
            <ShiftPreview dates={data.dates} />
          </SimpleForm>
        </RecordContextProvider>
      </Card>
    </>
  );
}
