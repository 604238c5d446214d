import { useMemo, useState, type FormEvent } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Checkbox,
  Chip,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Title, useGetIdentity, useNotify, useTranslate } from 'react-admin';
import {
  THIRD_PARTY_PROVIDERS,
  type ThirdPartyField,
  type ThirdPartyList,
  type ThirdPartyProvider,
  type ThirdPartyService,
  type ThirdPartyTestResult,
} from '@tourdesk/contracts';
import { formatDateTime } from '@tourdesk/contracts/format';
import { hasPermission } from '@tourdesk/contracts/permissions';
import { api } from '../../lib/api-client.ts';
import type { Identity } from '../../lib/auth-provider.ts';

const isProvider = (value: string | undefined): value is ThirdPartyProvider =>
  value !== undefined && (THIRD_PARTY_PROVIDERS as readonly string[]).includes(value);

/** /basedata/thirdparty: every outside service, whether it is set up, and a link to its settings. */
export function ThirdPartyListPage() {
  const translate = useTranslate();
  const { data, error } = useQuery({ queryKey: ['thirdparty'], queryFn: () => api<ThirdPartyList>('/thirdparty') });
  return (
    <Box sx={{ py: 2 }}>
      {/* The app bar's title is the page's one level-one heading. */}
      <Title title={translate('thirdparty.title')} />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('thirdparty.intro')}
      </Typography>
      {error ? <Alert severity="error">{translate(error.message)}</Alert> : null}
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {(data?.data ?? []).map((service) => (
          <Box component="li" key={service.provider}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={Link}
                to={`/basedata/thirdparty/provider/${service.provider}`}
                sx={{ height: '100%' }}
              >
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography variant="subtitle1" component="h2">
                      {translate(`thirdparty.providers.${service.provider}`)}
                    </Typography>
                    <Chip
                      size="small"
                      color={service.configured ? 'success' : 'default'}
                      icon={service.configured ? <CheckCircleIcon /> : <ErrorOutlineIcon />}
                      label={translate(service.configured ? 'thirdparty.configured' : 'thirdparty.notConfigured')}
                    />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {translate(`thirdparty.descriptions.${service.provider}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

type Draft = Record<string, string | boolean>;

const draftOf = (service: ThirdPartyService): Draft =>
  Object.fromEntries(
    service.fields.map((field) => [
      field.name,
      field.kind === 'flag' ? field.value === true : field.kind === 'secret' ? '' : String(field.value ?? ''),
    ]),
  );

/** Only what was changed: untouched fields keep their source (an environment value stays the environment's). */
function changesOf(service: ThirdPartyService, draft: Draft, cleared: ReadonlySet<string>) {
  const initial = draftOf(service);
  const values: Record<string, string | number | boolean | null> = {};
  const secrets: Record<string, string | null> = {};
  for (const field of service.fields) {
    const now = draft[field.name];
    if (field.kind === 'secret') {
      if (typeof now === 'string' && now !== '') secrets[field.name] = now;
      else if (cleared.has(field.name)) secrets[field.name] = null;
      continue;
    }
    if (now === initial[field.name]) continue;
    if (field.kind === 'flag') values[field.name] = now === true;
    else if (field.kind === 'number') values[field.name] = now === '' ? null : Number(now);
    else values[field.name] = now === '' ? null : String(now);
  }
  return { values, secrets };
}

function SourceNote({ field }: { field: ThirdPartyField }) {
  const translate = useTranslate();
  if (field.kind === 'secret') {
    if (!field.set) return translate('thirdparty.secret.notSet');
    const from = translate(`thirdparty.sources.${field.source}`);
    return field.hint
      ? translate('thirdparty.secret.setHint', { hint: field.hint, source: from })
      : translate('thirdparty.secret.set', { source: from });
  }
  return translate(`thirdparty.sources.${field.source}`);
}

function FieldInput({
  field,
  provider,
  value,
  disabled,
  cleared,
  onChange,
  onClear,
}: {
  field: ThirdPartyField;
  provider: ThirdPartyProvider;
  value: string | boolean;
  disabled: boolean;
  cleared: boolean;
  onChange: (value: string | boolean) => void;
  onClear: () => void;
}) {
  const translate = useTranslate();
  const id = `thirdparty-${provider}-${field.name}`;
  const label = translate(`thirdparty.fields.${field.name}`);
  if (field.kind === 'flag') {
    return (
      <Box>
        <FormControlLabel
          control={
            <Checkbox
              checked={value === true}
              disabled={disabled}
              onChange={(event) => onChange(event.target.checked)}
            />
          }
          label={label}
        />
        <Typography variant="caption" color="text.secondary" component="p" sx={{ ml: 4, mt: -1 }}>
          <SourceNote field={field} />
        </Typography>
      </Box>
    );
  }
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id={id}
        label={label}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        fullWidth
        size="small"
        type={field.kind === 'secret' ? 'password' : field.kind === 'number' ? 'number' : 'text'}
        autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
        placeholder={field.kind === 'secret' && field.set && !cleared ? '••••••••' : undefined}
        helperText={cleared ? translate('thirdparty.secret.willClear') : <SourceNote field={field} />}
        slotProps={{ htmlInput: field.kind === 'number' ? { min: 1, max: 65535 } : {} }}
      />
      {field.kind === 'secret' && field.set && field.source === 'stored' && !disabled ? (
        <Button size="small" onClick={onClear} disabled={cleared} sx={{ mt: 0.5, flexShrink: 0 }}>
          {translate('thirdparty.secret.clear')}
        </Button>
      ) : null}
    </Stack>
  );
}

function TestResult({ result }: { result: ThirdPartyTestResult }) {
  const translate = useTranslate();
  return (
    <Alert severity={result.ok ? 'success' : 'error'} role="status" sx={{ mt: 2 }}>
      <AlertTitle>{translate(`thirdparty.test.${result.outcome}`)}</AlertTitle>
      {result.detail ? (
        <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
          {result.detail}
        </Typography>
      ) : null}
      <Typography variant="caption" color="text.secondary">
        {translate('thirdparty.test.duration', { ms: result.durationMs })}
      </Typography>
    </Alert>
  );
}

/** /basedata/thirdparty/provider/{provider}: one service's settings, saving and "Verbindung testen". */
export function ThirdPartyProviderPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { provider: param } = useParams();
  const provider = isProvider(param) ? param : null;
  const { identity } = useGetIdentity();
  const canUpdate = hasPermission((identity as Identity | undefined)?.user?.permissions, 'configs-update');
  const { data: service, error } = useQuery({
    queryKey: ['thirdparty', provider],
    queryFn: () => api<ThirdPartyService>(`/thirdparty/${provider}`),
    enabled: provider !== null,
  });
  const [draft, setDraft] = useState<Draft>({});
  const [cleared, setCleared] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [result, setResult] = useState<ThirdPartyTestResult | null>(null);
  // A newly loaded (or saved) service resets the form: state adjusted while rendering, not in an effect.
  const [loadedFor, setLoadedFor] = useState<ThirdPartyService | null>(null);
  if (service && service !== loadedFor) {
    setLoadedFor(service);
    setDraft(draftOf(service));
    setCleared(new Set());
  }
  const changes = useMemo(() => (service ? changesOf(service, draft, cleared) : null), [service, draft, cleared]);
  const dirty = changes !== null && Object.keys(changes.values).length + Object.keys(changes.secrets).length > 0;

  if (!provider) return <Alert severity="error">{translate('thirdparty.unknown')}</Alert>;
  const name = translate(`thirdparty.providers.${provider}`);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!changes) return;
    setBusy('save');
    try {
      const saved = await api<ThirdPartyService>(`/thirdparty/${provider}`, { method: 'PUT', body: changes });
      queryClient.setQueryData(['thirdparty', provider], saved);
      await queryClient.invalidateQueries({ queryKey: ['thirdparty'], exact: true });
      notify('thirdparty.saved', { type: 'success', messageArgs: { name } });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  const test = async () => {
    setBusy('test');
    setResult(null);
    try {
      setResult(
        await api<ThirdPartyTestResult>(`/thirdparty/${provider}/test`, { method: 'POST', body: changes ?? {} }),
      );
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      {/* The app bar's title is the page's one level-one heading. */}
      <Title title={name} />
      <Button component={Link} to="/basedata/thirdparty" size="small" sx={{ mb: 1 }}>
        {translate('thirdparty.back')}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(`thirdparty.descriptions.${provider}`)}
        {service?.updatedAt ? ` ${translate('thirdparty.updatedAt', { date: formatDateTime(service.updatedAt) })}` : ''}
      </Typography>
      {error ? <Alert severity="error">{translate(error.message)}</Alert> : null}
      {service ? (
        <Card variant="outlined">
          <CardContent component="form" onSubmit={save} noValidate aria-label={name}>
            <Stack spacing={2}>
              {service.fields.map((field) => (
                <FieldInput
                  key={field.name}
                  field={field}
                  provider={provider}
                  value={draft[field.name] ?? ''}
                  disabled={!canUpdate || busy !== null}
                  cleared={cleared.has(field.name)}
                  onChange={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
                  onClear={() => setCleared((current) => new Set(current).add(field.name))}
                />
              ))}
            </Stack>
            {canUpdate ? (
              <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', gap: 1 }}>
                <Button type="submit" variant="contained" disabled={!dirty || busy !== null}>
                  {translate('ra.action.save')}
                </Button>
                <Button variant="outlined" onClick={() => void test()} disabled={busy !== null}>
                  {translate(busy === 'test' ? 'thirdparty.testing' : 'thirdparty.testConnection')}
                </Button>
              </Stack>
            ) : null}
            {canUpdate && dirty ? (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
                {translate('thirdparty.testUnsaved')}
              </Typography>
            ) : null}
            {result ? <TestResult result={result} /> : null}
          </CardContent>
        </Card>
      ) : null}
    </Box>
  );
}
