import { Alert, CircularProgress, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material';
import LuggageIcon from '@mui/icons-material/Luggage';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { fetchTrips } from '../../shared/traveller-trips.ts';
import { useT } from '../../lib/mobile.tsx';

const germanDate = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('.') : '');

/** /appuser/PackSuitcase: the traveller's active journeys, each opening its packing list. */
export function SuitcaseJourneys() {
  const t = useT();
  const journeys = useQuery({
    queryKey: ['suitcase-journeys'],
    queryFn: () => fetchTrips('active'),
    retry: false,
  });
  return (
    <Stack spacing={2}>
      <Typography component="h1" variant="h5">
        {t('suitcase.journeysTitle')}
      </Typography>
      {journeys.isPending ? <CircularProgress aria-label={t('suitcase.loading')} /> : null}
      {journeys.isError ? <Alert severity="info">{t('suitcase.noJourneys')}</Alert> : null}
      {journeys.data?.length === 0 ? <Alert severity="info">{t('suitcase.noJourneys')}</Alert> : null}
      {journeys.data && journeys.data.length > 0 ? (
        <List>
          {journeys.data.map((journey) => (
            <ListItemButton
              key={journey.id}
              component={Link}
              to={`/appuser/PackSuitcase/${journey.id}`}
              sx={{ minHeight: 64 }}
            >
              <LuggageIcon sx={{ mr: 2 }} aria-hidden />
              <ListItemText
                primary={journey.title || t('suitcase.booking', { id: journey.vorgangnr })}
                secondary={germanDate(journey.dateFrom)}
              />
            </ListItemButton>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
