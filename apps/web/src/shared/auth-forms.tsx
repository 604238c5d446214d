import { Alert, Button, Checkbox, FormControlLabel, FormHelperText, Link } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ButtonSpinner } from '../ui/button-spinner.tsx';
import { useBrand } from '../lib/brand.tsx';

/** The server's message (a catalogue key) above a visitor form, translated. */
export function ErrorNotice({ message }: { message: string | null }) {
  const translate = useTranslate();
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {translate(message, { _: translate('error.actionFailed') })}
    </Alert>
  );
}

/** The full-width submit button of a visitor form, with a spinner while the request runs. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      size="large"
      disabled={busy}
      sx={{ mt: 2 }}
      startIcon={busy ? <ButtonSpinner size={18} /> : null}
    >
      {label}
    </Button>
  );
}

/** The label keys of the consents: the sentence and the name of the page it links. */
export type ConsentLabels = { acceptTerms: string; terms: string; acceptPrivacy: string; privacy: string };

/**
 * The travel terms and privacy consents of a registration form, each naming the brand's page (a link when the
 * brand has one), with the server's message under the box it refused.
 */
export function ConsentCheckboxes({
  acceptTerms,
  acceptPrivacy,
  onTerms,
  onPrivacy,
  errors,
  labels,
}: {
  acceptTerms: boolean;
  acceptPrivacy: boolean;
  onTerms: (checked: boolean) => void;
  onPrivacy: (checked: boolean) => void;
  errors: Record<string, string | undefined>;
  labels: ConsentLabels;
}) {
  const translate = useTranslate();
  const { legalLinks } = useBrand();
  const consent = (name: 'acceptTerms' | 'acceptPrivacy', checked: boolean, onChange: (checked: boolean) => void) => {
    const href = name === 'acceptTerms' ? legalLinks.terms : legalLinks.privacy;
    const page = translate(name === 'acceptTerms' ? labels.terms : labels.privacy);
    return (
      <>
        <FormControlLabel
          control={<Checkbox checked={checked} onChange={(event) => onChange(event.target.checked)} name={name} />}
          label={
            <>
              {translate(labels[name])} (
              {href ? (
                <Link href={href} target="_blank" rel="noopener">
                  {page}
                </Link>
              ) : (
                page
              )}
              )
            </>
          }
        />
        {errors[name] ? <FormHelperText error>{translate(errors[name])}</FormHelperText> : null}
      </>
    );
  };
  return (
    <>
      {consent('acceptTerms', acceptTerms, onTerms)}
      {consent('acceptPrivacy', acceptPrivacy, onPrivacy)}
    </>
  );
}
