import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Card, CardContent, IconButton, Stack, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { Title, useNotify, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import type { EmergencyNumbers } from '@tourdesk/contracts';
import { api, HttpError } from '../../lib/api-client.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';

type Entry = { label: string; phone: string };

/**
 * /app/emergencycall: the operator's emergency numbers (label + phone, in order) that every traveller's journey
 * shows. Staff with appusermanagement-read see them, with -update change them.
 */
export function EmergencyCallPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const editable = useHasAnyPermission(['appusermanagement-update']);
  const [items, setItems] = useState<Entry[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void api<EmergencyNumbers>('/emergency-numbers').then((answer) => setItems(answer.items));
  }, []);

  if (!items) return <PageLoading />;
  const change = (index: number, field: keyof Entry, value: string) =>
    setItems(items.map((item, i) => (i === index ? { ...item, [field]: value } : item)));
  const move = (index: number) =>
    setItems(items.map((item, i) => (i === index - 1 ? items[index]! : i === index ? items[index - 1]! : item)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const answer = await api<EmergencyNumbers>('/emergency-numbers', { method: 'PUT', body: { items } });
      setItems(answer.items);
      notify('myJourneys.emergencyAdmin.saved', { type: 'success' });
    } catch (error) {
      if (error instanceof HttpError) {
        setErrors(((error.body as { errors?: Record<string, string> })?.errors ?? {}) as Record<string, string>);
        notify(error.message, { type: 'error' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 760 }}>
      <Title title={translate('myJourneys.emergencyAdmin.title')} />
      <Card>
        <CardContent component="form" onSubmit={save} noValidate>
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('myJourneys.emergencyAdmin.text')}
          </Alert>
          <Stack spacing={1}>
            {items.map((item, index) => (
              <Stack
                key={index}
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'flex-start' } }}
              >
                <TextField
                  label={translate('myJourneys.emergencyAdmin.label')}
                  value={item.label}
                  onChange={(event) => change(index, 'label', event.target.value)}
                  required
                  disabled={!editable}
                  error={Boolean(errors[`items.${index}.label`])}
                  helperText={errors[`items.${index}.label`] ? translate(errors[`items.${index}.label`]!) : undefined}
                  sx={{ flex: 2 }}
                  size="small"
                />
                <TextField
                  label={translate('myJourneys.emergencyAdmin.phone')}
                  value={item.phone}
                  type="tel"
                  onChange={(event) => change(index, 'phone', event.target.value)}
                  required
                  disabled={!editable}
                  error={Boolean(errors[`items.${index}.phone`])}
                  helperText={errors[`items.${index}.phone`] ? translate(errors[`items.${index}.phone`]!) : undefined}
                  sx={{ flex: 1 }}
                  size="small"
                />
                {editable ? (
                  <Stack direction="row">
                    <IconButton
                      aria-label={translate('myJourneys.emergencyAdmin.up')}
                      disabled={index === 0}
                      onClick={() => move(index)}
                    >
                      <ArrowUpwardIcon />
                    </IconButton>
                    <IconButton
                      aria-label={translate('myJourneys.emergencyAdmin.remove')}
                      onClick={() => setItems(items.filter((_, i) => i !== index))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                ) : null}
              </Stack>
            ))}
          </Stack>
          {editable ? (
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button startIcon={<AddIcon />} onClick={() => setItems([...items, { label: '', phone: '' }])}>
                {translate('myJourneys.emergencyAdmin.add')}
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {translate('myJourneys.emergencyAdmin.save')}
              </Button>
            </Stack>
          ) : null}
        </CardContent>
      </Card>
    </Box>
  );
}
