import { useState } from 'react';
import { Box, Link, MenuItem, TextField } from '@mui/material';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import { api } from '../../lib/api-client.ts';
import { useBrand } from '../../lib/brand.tsx';
import { AuthLayout, IframeAuthLayout } from '../../shared/auth-layout.tsx';
import { ConsentCheckboxes, ErrorNotice, SubmitButton } from '../../shared/auth-forms.tsx';
import { Field, FormTitle, SuccessNotice, useSubmit } from './account-forms.tsx';

const TRANSLATED = ['de', 'en', 'es', 'ru'];

const REGISTER_FIELDS = [
  'salutation',
  'firstname',
  'lastname',
  'address',
  'zip',
  'city',
  'tel',
  'email',
  'password',
  'passwordRepeat',
] as const;
type RegisterField = (typeof REGISTER_FIELDS)[number];
/** The fields that show their own error (the text fields, the salutation and both consents). */
const SHOWN_FIELDS = [...REGISTER_FIELDS, 'acceptTerms', 'acceptPrivacy'];

function RegisterForm({ iframe }: { iframe: boolean }) {
  const translate = useTranslate();
  const brand = useBrand();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const [values, setValues] = useState<Record<RegisterField, string>>({
    salutation: '',
    firstname: '',
    lastname: '',
    address: '',
    zip: '',
    city: '',
    tel: '',
    email: '',
    password: '',
    passwordRepeat: '',
  });
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [acceptPrivacy, setAcceptPrivacy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const set = (name: RegisterField) => (value: string) => setValues((previous) => ({ ...previous, [name]: value }));
  const { busy, message, fields, submit } = useSubmit(
    () =>
      api<{ email: string }>('/registration', {
        method: 'POST',
        anonymous: true,
        body: {
          ...values,
          salutation: values.salutation === '' ? null : Number(values.salutation),
          acceptTerms,
          acceptPrivacy,
          language: TRANSLATED.includes(locale) ? locale : 'en',
        },
      }),
    (result) => {
      if (iframe) navigate('/auth/save_registerIframe', { state: { email: result.email } });
      else setDone(result.email);
    },
    SHOWN_FIELDS,
  );
  if (done) {
    return (
      <>
        <FormTitle title={translate('account.register.title')} />
        <SuccessNotice>{translate('account.register.sent', { email: done })}</SuccessNotice>
        <Link component={RouterLink} to="/auth/login">
          {translate('account.links.toLogin')}
        </Link>
      </>
    );
  }
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <FormTitle
        title={translate('account.register.title')}
        text={translate('account.register.text', { name: brand.name })}
      />
      <ErrorNotice message={message} />
      <TextField
        select
        name="salutation"
        label={translate('account.register.salutation')}
        value={values.salutation}
        onChange={(event) => set('salutation')(event.target.value)}
        error={Boolean(fields.salutation)}
        helperText={fields.salutation ? translate(fields.salutation) : undefined}
        fullWidth
        margin="dense"
      >
        <MenuItem value="">{translate('options.none')}</MenuItem>
        {[0, 1, 2].map((id) => (
          <MenuItem key={id} value={String(id)}>
            {translate(`options.salutation.${id}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box
        sx={{
          display: 'grid',
          gap: { sm: 2 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
        }}
      >
        <Field
          name="firstname"
          label={translate('account.register.firstname')}
          value={values.firstname}
          onChange={set('firstname')}
          errors={fields}
          required
          autoComplete="given-name"
        />
        <Field
          name="lastname"
          label={translate('account.register.lastname')}
          value={values.lastname}
          onChange={set('lastname')}
          errors={fields}
          required
          autoComplete="family-name"
        />
      </Box>
      <Field
        name="address"
        label={translate('account.register.address')}
        value={values.address}
        onChange={set('address')}
        errors={fields}
        autoComplete="street-address"
      />
      <Box
        sx={{
          display: 'grid',
          gap: { sm: 2 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1fr) minmax(0, 2fr)' },
        }}
      >
        <Field
          name="zip"
          label={translate('account.register.zip')}
          value={values.zip}
          onChange={set('zip')}
          errors={fields}
          autoComplete="postal-code"
        />
        <Field
          name="city"
          label={translate('account.register.city')}
          value={values.city}
          onChange={set('city')}
          errors={fields}
          autoComplete="address-level2"
        />
      </Box>
      <Field
        name="tel"
        label={translate('account.register.tel')}
        value={values.tel}
        onChange={set('tel')}
        errors={fields}
        type="tel"
        autoComplete="tel"
      />
      <Field
        name="email"
        label={translate('account.fields.email')}
        value={values.email}
        onChange={set('email')}
        errors={fields}
        type="email"
        required
        autoComplete="email"
      />
      <Field
        name="password"
        label={translate('account.fields.password')}
        value={values.password}
        onChange={set('password')}
        errors={fields}
        type="password"
        required
        autoComplete="new-password"
      />
      <Field
        name="passwordRepeat"
        label={translate('account.reset.repeat')}
        value={values.passwordRepeat}
        onChange={set('passwordRepeat')}
        errors={fields}
        type="password"
        required
        autoComplete="new-password"
      />
      <ConsentCheckboxes
        acceptTerms={acceptTerms}
        acceptPrivacy={acceptPrivacy}
        onTerms={setAcceptTerms}
        onPrivacy={setAcceptPrivacy}
        errors={fields}
        labels={{
          acceptTerms: 'account.register.acceptTerms',
          terms: 'app.companyPanel.terms',
          acceptPrivacy: 'account.register.acceptPrivacy',
          privacy: 'app.companyPanel.privacy',
        }}
      />
      <SubmitButton busy={busy} label={translate('account.register.submit')} />
      <Box sx={{ mt: 2, textAlign: 'center' }}>
        <Link component={RouterLink} to={iframe ? '/auth/loginIframe' : '/auth/login'}>
          {translate('account.links.haveAccount')}
        </Link>
      </Box>
    </Box>
  );
}

/** /auth/register and /auth/signup */
export function RegisterPage() {
  return (
    <AuthLayout>
      <RegisterForm iframe={false} />
    </AuthLayout>
  );
}

/** /auth/registerIframe and /auth/signupIframe, embedded in the operator's websites. */
export function RegisterIframePage() {
  return (
    <IframeAuthLayout>
      <RegisterForm iframe />
    </IframeAuthLayout>
  );
}

/** /auth/save_registerIframe: what the embedded registration shows once it is sent. */
export function RegisterSavedIframePage() {
  const translate = useTranslate();
  return (
    <IframeAuthLayout>
      <FormTitle title={translate('account.register.title')} />
      <SuccessNotice>{translate('account.register.sentGeneric')}</SuccessNotice>
    </IframeAuthLayout>
  );
}
