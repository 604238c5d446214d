import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Stack,
  Step,
  StepButton,
  Stepper,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import SaveIcon from '@mui/icons-material/Save';
import { Form, Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import {
  useFormContext,
  useFormState,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@tourdesk/contracts/bookings.schema';
import { api } from '../../lib/api-client.ts';
import { RequireAgency } from '../../shared/own-agency.tsx';
import { CustomerStep } from './customer-step.tsx';
import { DateStep } from './date-step.tsx';
import { JourneyStep } from './journey-step.tsx';
import { ParticipantsStep } from './participants-step.tsx';
import { SeatsStep } from './seats-step.tsx';
import { ServicesStep } from './services-step.tsx';
import { SummaryStep } from './summary-step.tsx';
import { useWizardData, type WizardData } from './wizard-data.ts';
import { bookingPageOf, WizardModeContext, type WizardMode } from './wizard-mode.ts';
import { seatMapQuery } from './wizard-queries.ts';
import {
  dropTakenSeats,
  initialValues,
  stepOfField,
  toBookingBody,
  WIZARD_STEPS,
  type WizardStep,
  type WizardValues,
} from './wizard-logic.ts';

/** Refusals that a seat chosen anew mends. */
const SEAT_ERRORS = ['error.seatTaken', 'error.seatUnavailable'];

type FailedRequest = { message?: string; body?: { errors?: Record<string, string> } };

/** The paths of the fields that hold an error, e.g. `teilnehmer.1.name`. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value && typeof value.message === 'string' ? [path] : errorPaths(value as FieldErrors, path);
  });
}

/** Why a step cannot be left yet (an i18n key), or null. */
function blockerOf(step: WizardStep, values: WizardValues, data: WizardData): string | null {
  switch (step) {
    case 'customer':
      return values.newBooker || values.buchender.id_vc_card ? null : 'bookingWizard.customer.required';
    case 'journey':
      return values.id_jrn_journey ? null : 'bookingWizard.journey.required';
    case 'date':
      return values.termin && data.date ? null : 'bookingWizard.date.required';
    case 'participants':
      return values.teilnehmer.length > 0 ? null : 'bookingWizard.participants.required';
    default:
      return null;
  }
}

/** The step's content; steps left keep their values in the form. */
function StepContent({ step, data }: { step: WizardStep; data: WizardData }) {
  switch (step) {
    case 'customer':
      return <CustomerStep />;
    case 'journey':
      return <JourneyStep />;
    case 'date':
      return <DateStep data={data} />;
    case 'participants':
      return <ParticipantsStep data={data} />;
    case 'services':
      return <ServicesStep data={data} />;
    case 'seats':
      return <SeatsStep data={data} />;
    case 'summary':
      return <SummaryStep data={data} />;
  }
}

/** Goes to the step of the first field error after a submit (the browser's or the server's). */
function useErrorsOpenTheirStep(setStep: (index: number) => void) {
  const { errors, submitCount } = useFormState();
  const handled = useRef(0);
  useEffect(() => {
    if (submitCount === handled.current) return;
    const first = errorPaths(errors)[0];
    if (!first) return;
    handled.current = submitCount;
    setStep(WIZARD_STEPS.indexOf(stepOfField(first)));
  }, [errors, submitCount, setStep]);
}

function WizardBody({
  step,
  setStep,
  reached,
  blocker,
  data,
}: {
  step: number;
  setStep: (index: number) => void;
  reached: number;
  blocker: string | null;
  data: WizardData;
}) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const heading = useRef<HTMLHeadingElement>(null);
  const { isSubmitting } = useFormState();
  const name = WIZARD_STEPS[step]!;
  const last = step === WIZARD_STEPS.length - 1;
  useErrorsOpenTheirStep(setStep);
  const first = useRef(true);
  useEffect(() => {
    // Keyboard users land on the new step's heading (not on page load).
    if (first.current) first.current = false;
    else heading.current?.focus();
  }, [step]);
  return (
    <>
      {phone ? null : (
        <Stepper nonLinear activeStep={step} sx={{ mb: 2 }}>
          {WIZARD_STEPS.map((key, index) => (
            <Step key={key} completed={index < reached && index !== step}>
              <StepButton
                onClick={() => setStep(index)}
                disabled={index > reached}
                aria-current={index === step ? 'step' : undefined}
              >
                {translate(`bookingWizard.steps.${key}`)}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      )}
      <Card>
        <CardContent>
          <Typography variant="overline" component="p" color="text.secondary">
            {translate('bookingWizard.stepOf', { step: step + 1, total: WIZARD_STEPS.length })}
          </Typography>
          <Typography ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ mb: 2, outline: 'none' }}>
            {translate(`bookingWizard.steps.${name}`)}
          </Typography>
          <StepContent step={name} data={data} />
          <Box aria-live="polite" sx={{ mt: 2 }}>
            {blocker ? <Alert severity="warning">{translate(blocker)}</Alert> : null}
          </Box>
          <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'space-between' }}>
            <Button
              type="button"
              variant="outlined"
              startIcon={<ArrowBackIcon />}
              disabled={step === 0}
              onClick={() => setStep(step - 1)}
            >
              {translate('bookingWizard.back')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={isSubmitting}
              endIcon={last ? <SaveIcon /> : <ArrowForwardIcon />}
            >
              {translate(last ? 'bookingWizard.save' : 'bookingWizard.next')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}

/** Holds what the steps share (journey, date, departure, insurance offers), read from the form's values. */
function WizardForm({ children }: { children: (data: WizardData) => ReactNode }) {
  const values = useWatch() as WizardValues;
  const data = useWizardData(values);
  return <>{children(data)}</>;
}

/**
 * Keeps the form within reach of the page's submit: after saving it is reset (no longer "unsaved"), after a
 * refused seat the seats lost are given up.
 */
function FormHandle({ onReady }: { onReady: (form: UseFormReturn) => void }) {
  const form = useFormContext();
  useEffect(() => onReady(form), [onReady, form]);
  return null;
}

/**
 * /vorgang/create: the staff booking wizard. One form over seven steps (customer, journey, date,
 * participants, prices and extras and insurance, stops and seats, summary); Enter or "Weiter" goes on, and
 * saving sends POST /ratio_vorgang with an Idempotency-Key, then opens the booking at /vorgang/{id}.
 * In `agency` mode (/agencies/booking) the same steps book for the clerk's agency: its own customers only
 * (the server scopes them), no drafts, and the booking opens in the portal at /agencies/vorgang/{id}.
 */
export function BookingWizardPage({ mode = 'staff' }: { mode?: WizardMode }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [locale] = useLocaleState();
  const [record] = useState(() => initialValues(new Date(), 7, locale));
  const [step, setStep] = useState(0);
  const [reached, setReached] = useState(0);
  const [blocker, setBlocker] = useState<string | null>(null);
  const idempotencyKey = useRef(crypto.randomUUID());
  const dataRef = useRef<WizardData | null>(null);
  const formRef = useRef<UseFormReturn | null>(null);

  const goTo = (index: number) => {
    setBlocker(null);
    setStep(Math.max(0, Math.min(index, WIZARD_STEPS.length - 1)));
  };

  const save = async (values: WizardValues) => {
    try {
      const booking = await api<Booking>('/ratio_vorgang', {
        method: 'POST',
        body: toBookingBody(values, dataRef.current?.journey ?? null),
        headers: { 'Idempotency-Key': idempotencyKey.current },
      });
      formRef.current?.reset(values);
      notify('bookingWizard.saved', {
        type: 'info',
        messageArgs: { nr: booking.vorgangnr, name: booking.buchender?.name ?? '' },
      });
      navigate(bookingPageOf(mode, booking.id));
      return undefined;
    } catch (failure) {
      const { message, body } = failure as FailedRequest;
      // Capacity sold meanwhile: pools and map are asked again; seats taken by others are given up and chosen
      // anew on their step.
      await queryClient.invalidateQueries({ queryKey: ['booking-wizard'] });
      if (message && SEAT_ERRORS.includes(message) && values.termin && formRef.current) {
        const map = await queryClient.fetchQuery(seatMapQuery(values.termin));
        const { participants, lost } = dropTakenSeats(values.teilnehmer, map);
        formRef.current.setValue('teilnehmer', participants, { shouldDirty: true });
        setStep(WIZARD_STEPS.indexOf('seats'));
        if (lost.length > 0) {
          notify('bookingWizard.seats.lost', { type: 'error', messageArgs: { seats: lost.join(', ') } });
          return undefined;
        }
      }
      notify(message ?? 'error.unexpected', { type: 'error' });
      return body?.errors;
    }
  };

  const submit = async (raw: FieldValues) => {
    const values = raw as WizardValues;
    const name = WIZARD_STEPS[step]!;
    if (name === 'summary') return save(values);
    const reason = dataRef.current ? blockerOf(name, values, dataRef.current) : null;
    setBlocker(reason);
    if (reason) return undefined;
    setReached((current) => Math.max(current, step + 1));
    setStep(step + 1);
    return undefined;
  };

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate(mode === 'agency' ? 'bookingWizard.agencyTitle' : 'bookingWizard.title')} />
      <WizardModeContext.Provider value={mode}>
        <Form record={record} noValidate warnWhenUnsavedChanges onSubmit={submit}>
          <FormHandle
            onReady={(form) => {
              formRef.current = form;
            }}
          />
          <WizardForm>
            {(data) => {
              dataRef.current = data;
              return <WizardBody step={step} setStep={goTo} reached={reached} blocker={blocker} data={data} />;
            }}
          </WizardForm>
        </Form>
      </WizardModeContext.Provider>
    </Box>
  );
}

/** /agencies/booking: the wizard for an agency clerk (needs an account linked to an agency). */
export function AgencyBookingWizardPage() {
  return (
    <RequireAgency titleKey="bookingWizard.agencyTitle">{() => <BookingWizardPage mode="agency" />}</RequireAgency>
  );
}
