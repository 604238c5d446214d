import { useEffect, useRef } from 'react';
import { Alert, Box, Paper, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  RadioButtonGroupInput,
  ReferenceArrayInput,
  SelectInput,
  SimpleForm,
  TextInput,
  useRecordContext,
  useTranslate,
  type SimpleFormProps,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { useDebounce } from 'use-debounce';
import { PUSH_RECEIVER_GROUPS, type PushReceiverGroup } from '@tourdesk/contracts/push-core';
import type {
  AppTopic,
  PushNotification,
  PushReceiverCount,
  PushReceiversBody,
} from '@tourdesk/contracts/push-notifications.schema';
import { api, HttpError } from '../../lib/api-client.ts';
import { useBrand } from '../../lib/brand.tsx';
import { RESOURCES } from '../../lib/resources.ts';
import { BusPicker, DatesPicker } from './receiver-pickers.tsx';

export const groupChoices = PUSH_RECEIVER_GROUPS.map((id) => ({ id, name: `pushNotifications.groups.${id}` }));

/** The topics for a select (GET /app/topics/all). */
export function useTopicChoices() {
  const { data } = useQuery({ queryKey: ['push-topics-all'], queryFn: () => api<AppTopic[]>('/app/topics/all') });
  return (data ?? []).map((topic) => ({ id: topic.id, name: topic.title }));
}

/** How many travellers and devices a target reaches (POST /app/pushnotifications/receivers), a moment after edits. */
export function useReceiverCount(body: PushReceiversBody | null) {
  const [debounced] = useDebounce(JSON.stringify(body), 300);
  return useQuery({
    queryKey: ['push-receivers', debounced],
    queryFn: () =>
      api<PushReceiverCount>('/app/pushnotifications/receivers', {
        method: 'POST',
        body: JSON.parse(debounced) as PushReceiversBody,
      }),
    enabled: debounced !== 'null',
    retry: false,
  });
}

/** "Erreicht N Reisende auf M Geräten", or why it cannot say yet. */
export function ReceiverCount({ body }: { body: PushReceiversBody | null }) {
  const translate = useTranslate();
  const { data, error, isFetching } = useReceiverCount(body);
  if (body === null) return null;
  if (error)
    return (
      <Alert severity="info" role="status">
        {translate(
          error instanceof HttpError && error.status === 400
            ? 'pushNotifications.count.incomplete'
            : 'error.unexpected',
        )}
      </Alert>
    );
  if (!data) return <Skeleton variant="rounded" height={48} />;
  return (
    <Alert
      severity={data.receivers === 0 ? 'warning' : 'success'}
      role="status"
      aria-live="polite"
      sx={{ opacity: isFetching ? 0.6 : 1 }}
    >
      {translate('pushNotifications.count.reaches', {
        receivers: data.receivers,
        onDevices: translate('pushNotifications.count.onDevices', { smart_count: data.devices }),
        smart_count: data.receivers,
      })}
    </Alert>
  );
}

/** A lock-screen notification as the phone shows it: the brand's icon and name, the title and the short text. */
export function PhonePreview({ title, short }: { title: string; short: string }) {
  const translate = useTranslate();
  const brand = useBrand();
  return (
    <Box
      aria-label={translate('pushNotifications.preview.label')}
      role="img"
      sx={{
        width: 280,
        maxWidth: '100%',
        aspectRatio: '9 / 17',
        borderRadius: '36px',
        border: '10px solid',
        borderColor: 'grey.900',
        background: 'linear-gradient(160deg, #1e3a5f 0%, #4b6c8f 55%, #c58b5b 100%)',
        color: '#fff',
        p: 1.5,
        pt: 5,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
      }}
    >
      <Typography sx={{ fontSize: 44, fontWeight: 300, lineHeight: 1 }} aria-hidden>
        9:41
      </Typography>
      <Typography variant="caption" sx={{ mb: 3, opacity: 0.85 }} aria-hidden>
        {translate('pushNotifications.preview.day')}
      </Typography>
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          borderRadius: 3,
          p: 1.25,
          bgcolor: 'rgba(255,255,255,0.82)',
          color: '#111',
          backdropFilter: 'blur(8px)',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
          <Box
            sx={{
              width: 20,
              height: 20,
              borderRadius: '6px',
              bgcolor: '#fff',
              overflow: 'hidden',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
            }}
          >
            {brand.logo ? (
              <Box
                component="img"
                src={brand.logo}
                alt=""
                sx={{ width: '100%', height: '100%', objectFit: 'contain' }}
              />
            ) : (
              <Typography sx={{ fontSize: 12, fontWeight: 700, color: '#1e3a5f' }}>{brand.name.slice(0, 1)}</Typography>
            )}
          </Box>
          <Typography sx={{ fontSize: 11, textTransform: 'uppercase', letterSpacing: 0.4, flex: 1 }} noWrap>
            {brand.name}
          </Typography>
          <Typography sx={{ fontSize: 11, color: '#555' }}>{translate('pushNotifications.preview.now')}</Typography>
        </Box>
        <Typography sx={{ fontSize: 14, fontWeight: 600, lineHeight: 1.3 }} noWrap>
          {title || translate('pushNotifications.preview.noTitle')}
        </Typography>
        {short ? (
          <Typography
            sx={{
              fontSize: 13,
              lineHeight: 1.3,
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {short}
          </Typography>
        ) : null}
      </Paper>
    </Box>
  );
}

type FormValues = {
  title?: string;
  short?: string | null;
  receiver_group?: PushReceiverGroup;
  receiver_ids?: number[];
  id_topics?: number | null;
};

/** The target of the form's values, for the count; null while incomplete. */
export function targetOf(values: FormValues): PushReceiversBody | null {
  const group = values.receiver_group ?? 'all';
  const ids = values.receiver_ids ?? [];
  if (group === 'topic') return values.id_topics ? { receiver_group: group, id_topics: values.id_topics } : null;
  if (group !== 'all' && ids.length === 0) return null;
  return { receiver_group: group, receiver_ids: ids };
}

/** Empties the picked receivers when the group changes (ids of one group mean nothing in another). */
function ResetIdsOnGroupChange() {
  const { setValue } = useFormContext();
  const group = useWatch({ name: 'receiver_group' });
  const previous = useRef(group);
  useEffect(() => {
    if (previous.current !== group) setValue('receiver_ids', [], { shouldDirty: true });
    previous.current = group;
  }, [group, setValue]);
  return null;
}

function ReceiverPicker() {
  const group = useWatch<FormValues, 'receiver_group'>({ name: 'receiver_group' }) ?? 'all';
  const record = useRecordContext<PushNotification>();
  const labels = record?.receiver_group === group ? (record.receiver_labels ?? []) : [];
  switch (group) {
    case 'customers':
      return (
        <ReferenceArrayInput source="receiver_ids" reference="customers">
          <AutocompleteArrayInput
            optionText="name"
            label="pushNotifications.pickers.customers"
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceArrayInput>
      );
    case 'bus':
      return <BusPicker labels={labels} />;
    case 'dates':
      return <DatesPicker labels={labels} />;
    default:
      return null;
  }
}

function Aside() {
  const translate = useTranslate();
  const values = useWatch<FormValues>();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'center', width: { md: 300 } }}>
      <Typography variant="subtitle2" color="text.secondary">
        {translate('pushNotifications.preview.title')}
      </Typography>
      <PhonePreview title={values.title ?? ''} short={values.short ?? ''} />
      <Box sx={{ width: '100%' }}>
        <ReceiverCount body={targetOf(values)} />
      </Box>
    </Box>
  );
}

/** Title, texts, link, topic, receivers and surveys of a message, with the phone's preview and the live count. */
export function NotificationForm(props: Omit<SimpleFormProps, 'children'>) {
  const topics = useTopicChoices();
  const surveysKnown = 'survey/surveys' in RESOURCES;
  return (
    <SimpleForm warnWhenUnsavedChanges noValidate {...props}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 300px' },
          gap: 4,
          width: '100%',
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column' }}>
          <TextInput source="title" label="pushNotifications.fields.title" isRequired />
          <TextInput source="short" label="pushNotifications.fields.short" helperText="pushNotifications.help.short" />
          <TextInput source="message" label="pushNotifications.fields.message" multiline minRows={4} />
          <TextInput source="link" label="pushNotifications.fields.link" helperText="pushNotifications.help.link" />
          <SelectInput
            source="id_topics"
            label="pushNotifications.fields.topic"
            choices={topics}
            emptyText="pushNotifications.noTopic"
            helperText="pushNotifications.help.topic"
          />
          <RadioButtonGroupInput
            source="receiver_group"
            label="pushNotifications.fields.receiver_group"
            choices={groupChoices}
            defaultValue="all"
            row
          />
          <ResetIdsOnGroupChange />
          <ReceiverPicker />
          {surveysKnown ? (
            <ReferenceArrayInput source="surveys" reference="survey/surveys">
              <AutocompleteArrayInput optionText="title" label="pushNotifications.fields.surveys" />
            </ReferenceArrayInput>
          ) : null}
        </Box>
        <Aside />
      </Box>
    </SimpleForm>
  );
}
