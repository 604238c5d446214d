import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  TextField,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatDate } from '@tourdesk/contracts/format';
import type { JourneySummary } from '@tourdesk/contracts/journeys.schema';
import { useJourney, useJourneySearch } from './wizard-queries.ts';

/** Step 2: the trip, found by title, code or destination (the next departures first). */
export function JourneyStep({ autoFocus = true }: { autoFocus?: boolean }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const chosenId = useWatch({ name: 'id_jrn_journey' }) as number | null;
  const chosen = useJourney(chosenId ?? null);
  const [search, setSearch] = useState('');
  const found = useJourneySearch(search);
  const rows = found.data?.data ?? [];
  const choose = (journey: JourneySummary | null) => {
    setValue('id_jrn_journey', journey?.id ?? null, { shouldDirty: true });
    setValue('termin', null, { shouldDirty: true });
    setValue('extraUnits', [], { shouldDirty: true });
  };
  if (chosenId)
    return (
      <Alert
        severity="success"
        action={
          <Button color="inherit" size="small" onClick={() => choose(null)}>
            {translate('bookingWizard.journey.change')}
          </Button>
        }
      >
        {translate('bookingWizard.journey.chosen', { title: chosen.data?.title ?? '…' })}
      </Alert>
    );
  return (
    <Box>
      <TextField
        autoFocus={autoFocus}
        fullWidth
        size="small"
        label={translate('bookingWizard.journey.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (rows.length === 1) choose(rows[0]!);
          }
        }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {found.isSuccess && rows.length === 0 ? (
        <Typography sx={{ mt: 1 }} color="text.secondary">
          {translate('bookingWizard.journey.noHits', { search })}
        </Typography>
      ) : null}
      {found.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {translate(found.error.message || 'error.unexpected')}
        </Alert>
      ) : null}
      <List dense aria-label={translate('bookingWizard.journey.hits')}>
        {rows.map((journey) => (
          <ListItem key={journey.id} disablePadding>
            <ListItemButton onClick={() => choose(journey)}>
              <ListItemText
                primary={journey.title}
                secondary={[
                  journey.code,
                  journey.destinationName,
                  journey.nextDate
                    ? translate('bookingWizard.journey.nextDate', {
                        date: formatDate(journey.nextDate),
                        smart_count: journey.dateCount,
                      })
                    : translate('bookingWizard.journey.noDates'),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
