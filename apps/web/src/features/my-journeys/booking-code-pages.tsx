import { useState, type FormEvent } from 'react';
import { Alert, Box, Link, TextField, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { api, HttpError } from '../../lib/api-client.ts';
import { authProvider } from '../../lib/auth-provider.ts';
import { useBrand } from '../../lib/brand.tsx';
import { AuthLayout } from '../../shared/auth-layout.tsx';
import { ConsentCheckboxes, ErrorNotice, SubmitButton } from '../../shared/auth-forms.tsx';
import type { TripLink } from './trip-api.ts';

const TRANSLATED = ['de', 'en', 'es', 'ru'];

/** Busy state, the server's message and its field errors (`body.errors = { field: key }`). */
function useSubmit<T>(action: () => Promise<T>, onDone: (result: T) => void) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setFields({});
    try {
      onDone(await action());
    } catch (error) {
      if (error instanceof HttpError) {
        const errors = (error.body as { errors?: Record<string, string> } | undefined)?.errors ?? {};
        setFields(errors);
        if (Object.keys(errors).length === 0) setMessage(error.message);
      } else setMessage('error.unexpected');
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, fields, submit };
}

type InputProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: Record<string, string>;
  type?: string;
  autoComplete?: string;
  required?: boolean;
};

function Input({ name, label, value, onChange, errors, type = 'text', autoComplete, required = true }: InputProps) {
  const translate = useTranslate();
  return (
    <TextField
      name={name}
      label={label}
      type={type}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      autoComplete={autoComplete}
      error={Boolean(errors[name])}
      helperText={errors[name] ? translate(errors[name]) : undefined}
      fullWidth
      margin="dense"
    />
  );
}

function Heading({ title, text }: { title: string; text: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Box>
  );
}

function BookingFields({
  values,
  set,
  errors,
  names,
}: {
  values: Record<string, string>;
  set: (name: string) => (value: string) => void;
  errors: Record<string, string>;
  names: { number: string; surname: string; zip: string };
}) {
  const translate = useTranslate();
  return (
    <>
      <Input
        name={names.number}
        label={translate('myJourneys.add.number')}
        value={values[names.number] ?? ''}
        onChange={set(names.number)}
        errors={errors}
      />
      <Input
        name={names.surname}
        label={translate('myJourneys.add.surname')}
        value={values[names.surname] ?? ''}
        onChange={set(names.surname)}
        errors={errors}
      />
      <Input
        name={names.zip}
        label={translate('myJourneys.add.zip')}
        value={values[names.zip] ?? ''}
        onChange={set(names.zip)}
        errors={errors}
        autoComplete="off"
      />
    </>
  );
}

/** /auth/signup-vorgang: register a traveller account together with a booking (POST /registration-process). */
export function SignupVorgangPage() {
  const translate = useTranslate();
  const brand = useBrand();
  const [locale] = useLocaleState();
  const [values, setValues] = useState<Record<string, string>>({});
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptPrivacy, setAcceptPrivacy] = useState(false);
  const [done, setDone] = useState<{ email: string; requested: boolean } | null>(null);
  const set = (name: string) => (value: string) => setValues((previous) => ({ ...previous, [name]: value }));
  const { busy, message, fields, submit } = useSubmit(
    () =>
      api<{ email: string; link: Omit<TripLink, 'bookingId'> }>('/registration-process', {
        method: 'POST',
        anonymous: true,
        body: {
          ...values,
          acceptTerms,
          acceptPrivacy,
          language: TRANSLATED.includes(locale) ? locale : 'en',
        },
      }),
    (result) => setDone({ email: result.email, requested: result.link.status === 'requested' }),
  );
  if (done)
    return (
      <AuthLayout>
        <Heading title={translate('myJourneys.signup.title')} text="" />
        <Alert severity="success" role="status" sx={{ mb: 2 }}>
          {translate('myJourneys.signup.sent', { email: done.email })}
          {done.requested ? ` ${translate('myJourneys.signup.sentRequested')}` : ''}
        </Alert>
        <Link component={RouterLink} to="/auth/login">
          {translate('myJourneys.signup.toLogin')}
        </Link>
      </AuthLayout>
    );
  return (
    <AuthLayout>
      <Box component="form" onSubmit={submit} noValidate>
        <Heading
          title={translate('myJourneys.signup.title')}
          text={translate('myJourneys.signup.text', { name: brand.name })}
        />
        <ErrorNotice message={message} />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {translate('myJourneys.signup.booking')}
        </Typography>
        <BookingFields
          values={values}
          set={set}
          errors={fields}
          names={{ number: 'bookingNumber', surname: 'bookerSurname', zip: 'bookerZip' }}
        />
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mt: 2 }}>
          {translate('myJourneys.signup.you')}
        </Typography>
        <Input
          name="firstname"
          label={translate('myJourneys.signup.firstname')}
          value={values.firstname ?? ''}
          onChange={set('firstname')}
          errors={fields}
          autoComplete="given-name"
        />
        <Input
          name="lastname"
          label={translate('myJourneys.signup.lastname')}
          value={values.lastname ?? ''}
          onChange={set('lastname')}
          errors={fields}
          autoComplete="family-name"
        />
        <Input
          name="email"
          label={translate('myJourneys.signup.email')}
          value={values.email ?? ''}
          onChange={set('email')}
          errors={fields}
          type="email"
          autoComplete="email"
        />
        <Input
          name="password"
          label={translate('myJourneys.signup.password')}
          value={values.password ?? ''}
          onChange={set('password')}
          errors={fields}
          type="password"
          autoComplete="new-password"
        />
        <Input
          name="passwordRepeat"
          label={translate('myJourneys.signup.passwordRepeat')}
          value={values.passwordRepeat ?? ''}
          onChange={set('passwordRepeat')}
          errors={fields}
          type="password"
          autoComplete="new-password"
        />
        <ConsentCheckboxes
          acceptTerms={acceptTerms}
          acceptPrivacy={acceptPrivacy}
          onTerms={setAcceptTerms}
          onPrivacy={setAcceptPrivacy}
          errors={fields}
          labels={{
            acceptTerms: 'myJourneys.signup.acceptTerms',
            terms: 'myJourneys.signup.terms',
            acceptPrivacy: 'myJourneys.signup.acceptPrivacy',
            privacy: 'myJourneys.signup.privacy',
          }}
        />
        <SubmitButton busy={busy} label={translate('myJourneys.signup.submit')} />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/auth/login-vg">
            {translate('myJourneys.signup.haveAccount')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}

/**
 * /auth/login-vg: log in and add a trip by booking number in one go. The login is the app account's (a traveller
 * with the same address as a staff login gets the app); the trip is added with PUT /login-vorgang/{nr}, and the
 * app opens it — or the journeys list, which says the request waits for the booker.
 */
export function LoginVorgangPage() {
  const translate = useTranslate();
  const [values, setValues] = useState<Record<string, string>>({});
  const set = (name: string) => (value: string) => setValues((previous) => ({ ...previous, [name]: value }));
  const { busy, message, fields, submit } = useSubmit(
    async () => {
      await authProvider.login({ email: values.email ?? '', password: values.password ?? '', kind: 'app' });
      return api<TripLink>(`/login-vorgang/${encodeURIComponent((values.number ?? '').trim() || '-')}`, {
        method: 'PUT',
        body: { surname: values.surname ?? '', zip: values.zip ?? '' },
      }).catch((error: unknown) => {
        // Logged in, but the trip was not added: the app's own form says why and lets the user try again.
        if (error instanceof HttpError && error.status !== 401) return null;
        throw error;
      });
    },
    (link) => {
      window.location.assign(
        link?.status === 'confirmed' ? `/appuser/aktJourneys/${link.bookingId}` : '/appuser/aktJourneys',
      );
    },
  );
  return (
    <AuthLayout>
      <Box component="form" onSubmit={submit} noValidate>
        <Heading title={translate('myJourneys.loginVg.title')} text={translate('myJourneys.loginVg.text')} />
        <ErrorNotice message={message} />
        <Input
          name="email"
          label={translate('myJourneys.signup.email')}
          value={values.email ?? ''}
          onChange={set('email')}
          errors={fields}
          type="email"
          autoComplete="username"
        />
        <Input
          name="password"
          label={translate('myJourneys.signup.password')}
          value={values.password ?? ''}
          onChange={set('password')}
          errors={fields}
          type="password"
          autoComplete="current-password"
        />
        <BookingFields
          values={values}
          set={set}
          errors={fields}
          names={{ number: 'number', surname: 'surname', zip: 'zip' }}
        />
        <SubmitButton busy={busy} label={translate('myJourneys.loginVg.submit')} />
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Link component={RouterLink} to="/auth/signup-vorgang">
            {translate('myJourneys.loginVg.noAccount')}
          </Link>
        </Box>
      </Box>
    </AuthLayout>
  );
}
