import { useEffect, useRef } from 'react';
import { Box, Button, Card, CardContent, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { email, maxLength, required, SelectInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { CountryInput } from '../../ui/country-input.tsx';
import { DateInput } from '../../ui/date-input.tsx';
import type { WizardData } from './wizard-data.ts';
import {
  ANREDEN,
  emptyParticipant,
  fullName,
  participantFromCustomer,
  type WizardBooker,
  type WizardParticipant,
} from './wizard-logic.ts';

const anredeChoices = ANREDEN.map((id) => ({ id, name: `bookingWizard.anreden.${id}` }));

/** One participant's fields (spec §3: the ones the office fills in when booking). */
function ParticipantCard({ index, onRemove }: { index: number; onRemove: (() => void) | null }) {
  const translate = useTranslate();
  const { watch } = useFormContext();
  const participant = watch(`teilnehmer.${index}`) as WizardParticipant | undefined;
  const source = (field: keyof WizardParticipant) => `teilnehmer.${index}.${field}`;
  const title = translate(index === 0 ? 'bookingWizard.participants.booker' : 'bookingWizard.participants.nth', {
    nr: index + 1,
  });
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h3">
            {title}
            {participant && fullName(participant) ? `: ${fullName(participant)}` : ''}
          </Typography>
          {onRemove ? (
            <Tooltip title={translate('bookingWizard.participants.remove', { nr: index + 1 })}>
              <IconButton
                onClick={onRemove}
                aria-label={translate('bookingWizard.participants.remove', { nr: index + 1 })}
              >
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          ) : null}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <SelectInput
            source={source('anrede')}
            label="bookingWizard.fields.anrede"
            choices={anredeChoices}
            emptyText="options.none"
            sx={{ minWidth: 120 }}
          />
          <TextInput source={source('titel')} label="bookingWizard.fields.titel" validate={maxLength(20)} />
          <TextInput source={source('name1')} label="bookingWizard.fields.name1" validate={maxLength(30)} />
          <TextInput
            source={source('name')}
            label="bookingWizard.fields.name"
            validate={[required('error.empty'), maxLength(90)]}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <DateInput source={source('geburtstag')} label="bookingWizard.fields.geburtstag" />
          <CountryInput source={source('nation')} label="bookingWizard.fields.nation" sx={{ minWidth: 180 }} />
          <TextInput
            source={source('telefon')}
            label="bookingWizard.fields.telefon"
            type="tel"
            validate={maxLength(25)}
          />
          <TextInput
            source={source('email')}
            label="bookingWizard.fields.email"
            type="email"
            validate={[email('error.email'), maxLength(60)]}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}

/** Step 4: who travels — the booker first (taken from the customer), then the others. */
export function ParticipantsStep({ data }: { data: WizardData }) {
  const translate = useTranslate();
  const { getValues } = useFormContext();
  const { fields, append, remove } = useFieldArray({ name: 'teilnehmer' });
  // The booker travels first: when the step opens without anyone yet, the booker is taken as participant 1.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if ((getValues('teilnehmer') as WizardParticipant[]).length === 0)
      append(participantFromCustomer(getValues('buchender') as WizardBooker));
  }, [append, getValues]);
  const free = data.departure?.quotas.filter((quota) => quota.kind === 'seat') ?? [];
  return (
    <Stack spacing={2}>
      {fields.map((field, index) => (
        <ParticipantCard key={field.id} index={index} onRemove={fields.length > 1 ? () => remove(index) : null} />
      ))}
      <Box>
        <Button
          type="button"
          variant="outlined"
          startIcon={<PersonAddIcon />}
          onClick={() => append(emptyParticipant(), { focusName: `teilnehmer.${fields.length}.name1` })}
        >
          {translate('bookingWizard.participants.add')}
        </Button>
      </Box>
      {free.length > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('bookingWizard.participants.count', { smart_count: fields.length })}
        </Typography>
      ) : null}
    </Stack>
  );
}
