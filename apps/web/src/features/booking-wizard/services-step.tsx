import { useEffect, useRef } from 'react';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import { NumberInput, required, SelectInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { formatPrice } from '@tourdesk/contracts/format';
import type { WizardData } from './wizard-data.ts';
import { defaultPrice, fullName, type WizardParticipant } from './wizard-logic.ts';

/** Extras of the journey with the units booked (a required extra starts at one). */
function Extras({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const journeyExtras = data.journey?.extras;
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !journeyExtras?.length) return;
    started.current = true;
    if ((getValues('extraUnits') as number[]).length === 0)
      setValue(
        'extraUnits',
        journeyExtras.map((extra) => (extra.required ? 1 : 0)),
      );
  }, [journeyExtras, getValues, setValue]);
  const extras = journeyExtras ?? [];
  if (extras.length === 0)
    return <Typography color="text.secondary">{translate('bookingWizard.services.noExtras')}</Typography>;
  return (
    <Stack spacing={0}>
      {extras.map((extra, index) => (
        <Stack
          key={extra.id}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ sm: 2 }}
          sx={{ alignItems: { sm: 'center' } }}
        >
          <NumberInput
            source={`extraUnits.${index}`}
            label={extra.value}
            min={extra.required ? 1 : 0}
            max={extra.units ?? 999}
            step={1}
            sx={{ maxWidth: { sm: 260 } }}
            helperText={false}
          />
          <Typography variant="body2" color="text.secondary">
            {translate(`bookingWizard.services.due.${extra.price_due}`, { price: formatPrice(extra.price) })}
            {extra.required ? ` · ${translate('bookingWizard.services.required')}` : ''}
          </Typography>
        </Stack>
      ))}
    </Stack>
  );
}

/** Step 5: each participant's price category and travel insurance, and the booking's extras. */
export function ServicesStep({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const participants = (useWatch({ name: 'teilnehmer' }) ?? []) as WizardParticipant[];
  const date = data.date;
  const fallback = date ? defaultPrice(date) : null;
  // Everyone without a category gets the date's default price, shown in the select.
  useEffect(() => {
    if (!fallback) return;
    (getValues('teilnehmer') as WizardParticipant[]).forEach((participant, index) => {
      if (participant.price_id == null) setValue(`teilnehmer.${index}.price_id`, fallback.id);
    });
  }, [fallback, getValues, setValue]);
  if (!date) return null;
  const priceChoices = date.prices
    .filter((price) => price.category !== 'supplement')
    .map((price) => ({
      id: price.id,
      name: `${price.description} · ${formatPrice(price.amount)}`,
    }));
  return (
    <Stack spacing={2}>
      {data.insurancesUnavailable ? (
        <Alert severity="info">{translate('bookingWizard.services.noInsurance')}</Alert>
      ) : null}
      {participants.map((participant, index) => {
        const name = fullName(participant) || `#${index + 1}`;
        const insuranceChoices = data.insurances.map((offer) => ({
          id: offer.code,
          name: `${offer.name} (${offer.insurer}) · ${formatPrice(offer.premiums[index]?.premium ?? 0)}`,
        }));
        return (
          <Card key={index} variant="outlined" component="section" aria-label={name}>
            <CardContent>
              <Typography variant="subtitle1" component="h3">
                {name}
              </Typography>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
                <SelectInput
                  source={`teilnehmer.${index}.price_id`}
                  label="bookingWizard.fields.priceCategory"
                  choices={priceChoices}
                  translateChoice={false}
                  validate={required('error.empty')}
                  sx={{ minWidth: 260 }}
                />
                <SelectInput
                  source={`teilnehmer.${index}.insurance`}
                  label="bookingWizard.fields.insurance"
                  choices={insuranceChoices}
                  translateChoice={false}
                  emptyText="bookingWizard.services.noInsuranceChosen"
                  disabled={insuranceChoices.length === 0}
                  sx={{ minWidth: 260 }}
                />
              </Stack>
            </CardContent>
          </Card>
        );
      })}
      <section aria-labelledby="wizard-extras-heading">
        <Typography id="wizard-extras-heading" variant="subtitle1" component="h3">
          {translate('bookingWizard.services.extras')}
        </Typography>
        <Extras data={data} />
      </section>
    </Stack>
  );
}
