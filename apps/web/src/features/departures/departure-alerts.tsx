import { Box, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Departure } from '@tourdesk/contracts/departures.schema';
import { formatDateTime } from '@tourdesk/contracts/format';

/** Tab "alerts": options that lapse within two days, and how many wait on the waiting list. */
export function DepartureAlerts({ departure }: { departure: Departure }) {
  const translate = useTranslate();
  const { optionsExpiring, waitlist } = departure.alerts;
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="alerts-options">
        <Typography id="alerts-options" variant="h6" component="h2">
          {translate('departures.alerts.optionsExpiring')}
        </Typography>
        {optionsExpiring.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {translate('departures.alerts.noOptions')}
          </Typography>
        ) : (
          <List dense>
            {optionsExpiring.map((option) => (
              <ListItem key={option.id} disableGutters>
                <ListItemText
                  primary={`${option.id} · ${option.bookerName ?? '—'}`}
                  secondary={translate('departures.alerts.optionUntil', {
                    until: formatDateTime(option.option_until),
                    smart_count: option.units,
                  })}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      <Box component="section" aria-labelledby="alerts-waitlist">
        <Typography id="alerts-waitlist" variant="h6" component="h2">
          {translate('departures.alerts.waitlist')}
        </Typography>
        <Typography>{translate('departures.alerts.waiting', { smart_count: waitlist })}</Typography>
      </Box>
    </Stack>
  );
}
