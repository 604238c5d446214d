import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, IconButton, List, ListItemButton, ListItemText, Paper, TextField, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CHAT_MESSAGE_MAX, type ChatMember, type ChatMessage } from '@tourdesk/contracts/chat.schema';
import { insertMention, keptMentions, matchingMembers, mentionQuery } from './mentions.ts';

export type ComposerSubmit = { text: string; mentions: number[] };

/**
 * The message field: Enter sends (Shift+Enter starts a new line); `@` and the start of a name offers the channel's
 * members (arrow keys, Enter or Tab picks, Escape closes). Editing a message fills it with the message's text.
 */
export function ChatComposer({
  members,
  editing,
  onSubmit,
  onCancelEdit,
  channelName,
}: {
  members: readonly ChatMember[];
  editing: ChatMessage | null;
  onSubmit: (value: ComposerSubmit) => Promise<boolean>;
  onCancelEdit: () => void;
  channelName: string;
}) {
  const translate = useTranslate();
  const listId = useId();
  const input = useRef<HTMLTextAreaElement | null>(null);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<ChatMember[]>([]);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [closed, setClosed] = useState(false);
  const [busy, setBusy] = useState(false);

  // Starting or ending an edit fills or empties the field (adjusted while rendering, not in an effect).
  const [shownEdit, setShownEdit] = useState<ChatMessage | null>(null);
  if (editing !== shownEdit) {
    setShownEdit(editing);
    setText(editing ? editing.text : '');
    setPicked(editing ? editing.mentions : []);
  }
  useEffect(() => {
    if (editing) input.current?.focus();
  }, [editing]);

  const typed = closed ? null : mentionQuery(text, caret);
  const options = typed ? matchingMembers(members, typed.query) : [];
  const open = options.length > 0;

  const change = (value: string, position: number) => {
    setText(value.slice(0, CHAT_MESSAGE_MAX));
    setCaret(position);
    setActive(0);
    setClosed(false);
  };

  const pick = (member: ChatMember) => {
    if (!typed) return;
    const next = insertMention(text, typed.start, caret, member);
    setText(next.text);
    setPicked((list) => [...list, member]);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const send = async () => {
    const value = text.trim();
    if (!value || busy) return;
    setBusy(true);
    const done = await onSubmit({ text: value, mentions: keptMentions(value, picked) });
    setBusy(false);
    if (done) {
      setText('');
      setPicked([]);
      setCaret(0);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((index) => (index + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        pick(options[active]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setClosed(true);
        return;
      }
    }
    if (event.key === 'Escape' && editing) {
      event.preventDefault();
      onCancelEdit();
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Box sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', p: 1 }}>
      {open ? (
        <Paper
          elevation={6}
          sx={{ position: 'absolute', bottom: '100%', left: 8, zIndex: 2, minWidth: 240, maxWidth: '90%' }}
        >
          <List dense id={listId} role="listbox" aria-label={translate('chat.mentions.label')}>
            {options.map((member, index) => (
              <ListItemButton
                key={member.id}
                id={`${listId}-${member.id}`}
                role="option"
                aria-selected={index === active}
                selected={index === active}
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(member);
                }}
              >
                <ListItemText primary={`@${member.name}`} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
      {editing ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, typography: 'body2' }}>
          {translate('chat.composer.editing')}
          <Button size="small" onClick={onCancelEdit}>
            {translate('ra.action.cancel')}
          </Button>
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 1 }}>
        <TextField
          inputRef={input}
          fullWidth
          multiline
          maxRows={6}
          size="small"
          label={translate('chat.composer.label')}
          placeholder={translate('chat.composer.placeholder', { channel: channelName })}
          value={text}
          onChange={(event) => change(event.target.value, event.target.selectionStart ?? event.target.value.length)}
          onSelect={(event) => setCaret((event.target as HTMLTextAreaElement).selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              'aria-autocomplete': 'list',
              'aria-controls': open ? listId : undefined,
              'aria-activedescendant': open ? `${listId}-${options[active]?.id}` : undefined,
              'data-testid': 'chat-composer',
            },
          }}
        />
        <Tooltip title={translate(editing ? 'ra.action.save' : 'chat.composer.send')}>
          <span>
            <IconButton
              color="primary"
              aria-label={translate(editing ? 'ra.action.save' : 'chat.composer.send')}
              disabled={busy || text.trim() === ''}
              onClick={() => void send()}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Box>
  );
}
