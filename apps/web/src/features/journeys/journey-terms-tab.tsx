import { Box, Typography } from '@mui/material';
import { ArrayInput, NumberInput, SimpleFormIterator, useTranslate } from 'react-admin';
import { formRow } from '../../shared/form-row.ts';

/**
 * Tab "cancellation & payment" (docs/adr/0017): the journey's own cancellation fees by days before departure
 * and its own payment schedule. Left empty, the settings CANCELLATION_TERMS and PAYMENT_TERMS apply.
 */
export function JourneyTermsInputs() {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 1 }}>
        {translate('journeys.fields.cancellation_terms')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('journeys.help.cancellationTerms')}
      </Typography>
      <ArrayInput source="cancellation_terms" label={false}>
        <SimpleFormIterator inline disableClear>
          <NumberInput source="daysBefore" label="journeys.fields.daysBefore" min={0} max={999} step={1} />
          <NumberInput source="percent" label="journeys.fields.percent" min={0} max={100} step={1} />
        </SimpleFormIterator>
      </ArrayInput>
      <Typography component="h2" variant="subtitle1" sx={{ mt: 3 }}>
        {translate('journeys.fields.payment_terms')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('journeys.help.paymentTerms')}
      </Typography>
      <Box sx={formRow}>
        <NumberInput
          source="payment_terms.depositPercent"
          label="journeys.fields.depositPercent"
          min={0}
          max={100}
          step={1}
        />
        <NumberInput source="payment_terms.depositDays" label="journeys.fields.depositDays" min={0} step={1} />
        <NumberInput
          source="payment_terms.balanceDaysBefore"
          label="journeys.fields.balanceDaysBefore"
          min={0}
          step={1}
        />
      </Box>
    </Box>
  );
}
