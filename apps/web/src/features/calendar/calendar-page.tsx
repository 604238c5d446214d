import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Card, Stack, useMediaQuery, useTheme, type Theme } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { PageLoading } from '../../ui/page-loading.tsx';
import FullCalendar, {
  type CalendarRef,
  type DateSelectInfo,
  type EventChangeInfo,
  type EventClickInfo,
  type EventSourceFuncInfo,
} from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import listPlugin from '@fullcalendar/react/list';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import deLocale from '@fullcalendar/react/locales/de';
import esLocale from '@fullcalendar/react/locales/es';
import ruLocale from '@fullcalendar/react/locales/ru';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { Calendar, CalendarEntry, CalendarEvent } from '@tourdesk/contracts/calendar.schema';
import { api } from '../../lib/api-client.ts';
import { followEvents } from '../../lib/event-stream.ts';
import { useHasAnyPermission } from '../../lib/permissions.ts';
import { CalendarsPanel } from './calendars-panel.tsx';
import { EventDialog } from './event-dialog.tsx';
import { FeedPanel } from './feed-panel.tsx';
import {
  formValuesOf,
  movedTimes,
  newEventNow,
  newEventValues,
  toCalendarInput,
  type EventFormValues,
} from './calendar-logic.ts';

const CALENDARS_KEY = ['calendar', 'calendars'];
const LOCALES = { de: deLocale, es: esLocale, ru: ruLocale } as const;
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicTheme];

type Editing = { eventId: number | null; values: EventFormValues };

/**
 * /time/calendar: month, week, day and list views of the user's calendars, the shared ones, and the departures and
 * option deadlines they may see (read-only, opening their screen). Selecting a time makes an event; dragging moves
 * or resizes one. Times are Berlin times, whatever the computer's zone.
 */
export function CalendarPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('md'));
  const [locale] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const calendarRef = useRef<CalendarRef>(null);
  const canCreate = useHasAnyPermission(['calendar-create']);
  const canUpdate = useHasAnyPermission(['calendar-update']);
  const canDelete = useHasAnyPermission(['calendar-delete']);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<Editing | null>(null);
  const hiddenRef = useRef<ReadonlySet<number>>(new Set());

  const calendars = useQuery({ queryKey: CALENDARS_KEY, queryFn: () => api<Calendar[]>('/calendar/calendars') });
  const firstWritable = calendars.data?.find((calendar) => calendar.writable)?.id ?? null;
  const refetch = useCallback(() => calendarRef.current?.getApi().refetchEvents(), []);

  // Colleagues' changes without reloading (GET /calendar/stream): an event in a calendar shown reads the window
  // again; a shared calendar made, renamed or deleted reads the calendars again, and the stream is followed anew
  // for the new list (the effect's key is the ids).
  const followedIds = calendars.data?.map((calendar) => calendar.id).join(',');
  useEffect(() => {
    if (followedIds === undefined) return;
    return followEvents(
      '/calendar/stream',
      (type) => {
        if (type === 'changed') refetch();
        if (type === 'calendars') {
          void queryClient.invalidateQueries({ queryKey: CALENDARS_KEY });
          refetch();
        }
      },
      { onLive: refetch },
    );
  }, [followedIds, queryClient, refetch]);

  // The bell's reminder links here with ?event=…&date=…: that week, with the event open.
  const linkedEvent = Number(params.get('event'));
  const [linkDismissed, setLinkDismissed] = useState(false);
  const linked = useQuery({
    queryKey: ['calendar', 'event', linkedEvent],
    queryFn: () => api<CalendarEvent>(`/calendar/events/${linkedEvent}`),
    enabled: linkedEvent > 0,
    retry: false,
  });
  const shown: Editing | null =
    editing ?? (linked.data && !linkDismissed ? { eventId: linked.data.id, values: formValuesOf(linked.data) } : null);

  const events = useCallback(
    async (info: EventSourceFuncInfo) => {
      const query = new URLSearchParams({ start: info.start.toISOString(), end: info.end.toISOString() });
      const entries = await api<CalendarEntry[]>(`/calendar/entries?${query.toString()}`);
      return entries
        .filter((entry) => entry.event === null || !hiddenRef.current.has(entry.event.calendarId))
        .map((entry) => toCalendarInput(entry, translate));
    },
    [translate],
  );

  const toggle = (id: number) => {
    const next = new Set(hidden);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    hiddenRef.current = next;
    setHidden(next);
    refetch();
  };

  const select = (info: DateSelectInfo) => {
    calendarRef.current?.getApi().unselect();
    if (!canCreate || firstWritable === null) return;
    setEditing({ eventId: null, values: newEventValues(info, firstWritable) });
  };

  const click = (info: EventClickInfo) => {
    info.jsEvent.preventDefault();
    const entry = info.event.extendedProps.entry as CalendarEntry;
    if (entry.event) setEditing({ eventId: entry.event.id, values: formValuesOf(entry.event) });
    else if (entry.link) navigate(entry.link);
  };

  const change = async (info: EventChangeInfo) => {
    const entry = info.event.extendedProps.entry as CalendarEntry;
    if (!entry.event) return info.revert();
    try {
      await api(`/calendar/events/${entry.event.id}`, { method: 'PATCH', body: movedTimes(info.event) });
      notify('calendar.notifications.moved', { type: 'info', messageArgs: { title: entry.event.title } });
      refetch();
    } catch (failure) {
      info.revert();
      notify(failure instanceof Error ? failure.message : 'error.unexpected', { type: 'error' });
    }
  };

  const closeDialog = () => {
    setEditing(null);
    setLinkDismissed(true);
    if (params.has('event')) {
      params.delete('event');
      setParams(params, { replace: true });
    }
  };

  const initialDate = useMemo(() => params.get('date') ?? undefined, [params]);
  const fcLocale = LOCALES[locale as keyof typeof LOCALES];

  if (calendars.isPending) return <PageLoading />;
  const dark = theme.palette.mode === 'dark';
  return (
    <Box sx={{ mt: 1, mb: 3 }}>
      <Title title={translate('calendar.title')} />
      <Stack direction={phone ? 'column' : 'row'} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Card
          data-color-scheme={dark ? 'dark' : 'light'}
          sx={{
            flex: 1,
            minWidth: 0,
            width: '100%',
            p: { xs: 1, sm: 2 },
            '--fc-classic-background': theme.palette.background.paper,
            '--fc-classic-foreground': theme.palette.text.primary,
            '--fc-classic-muted-foreground': theme.palette.text.secondary,
            // Days of the neighbouring months are dimmed, but must stay readable (WCAG AA).
            '--fc-classic-faint-foreground': theme.palette.text.secondary,
            '--fc-classic-border': theme.palette.divider,
            '--fc-classic-primary': theme.palette.primary.main,
            '--fc-classic-primary-foreground': theme.palette.primary.contrastText,
            '--fc-classic-button': theme.palette.primary.main,
            '--fc-classic-button-border': theme.palette.primary.main,
            '--fc-classic-button-strong': theme.palette.primary.dark,
            '--fc-classic-button-strong-border': theme.palette.primary.dark,
            '--fc-classic-button-foreground': theme.palette.primary.contrastText,
            '& a': { color: 'inherit' },
          }}
        >
          <FullCalendar
            ref={calendarRef}
            plugins={PLUGINS}
            timeZone="Europe/Berlin"
            locale={fcLocale ?? 'en-gb'}
            initialView={phone ? 'listWeek' : 'timeGridWeek'}
            initialDate={initialDate}
            headerToolbar={
              phone
                ? { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridDay,listWeek' }
                : { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
            }
            firstDay={1}
            todayText={translate('calendar.today')}
            todayHint={translate('calendar.today')}
            nowIndicator
            height="auto"
            slotMinTime="06:00:00"
            slotMaxTime="22:00:00"
            scrollTime="08:00:00"
            selectable={canCreate}
            selectMirror
            editable={canUpdate}
            events={events}
            select={select}
            eventClick={click}
            eventDrop={(info) => void change(info)}
            eventResize={(info) => void change(info)}
          />
        </Card>
        <Stack spacing={2} sx={{ width: phone ? '100%' : 300, flexShrink: 0 }}>
          {canCreate && firstWritable !== null ? (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setEditing({ eventId: null, values: newEventNow(firstWritable) })}
            >
              {translate('calendar.dialog.createTitle')}
            </Button>
          ) : null}
          <CalendarsPanel
            calendars={calendars.data ?? []}
            hidden={hidden}
            onToggle={toggle}
            canCreate={canCreate}
            canShare={canUpdate}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onChanged={() => {
              void queryClient.invalidateQueries({ queryKey: CALENDARS_KEY });
              refetch();
            }}
          />
          <FeedPanel />
        </Stack>
      </Stack>
      {shown ? (
        <EventDialog
          eventId={shown.eventId}
          values={shown.values}
          calendars={calendars.data ?? []}
          canDelete={canDelete}
          onClose={closeDialog}
          onSaved={() => {
            closeDialog();
            refetch();
          }}
        />
      ) : null}
    </Box>
  );
}
