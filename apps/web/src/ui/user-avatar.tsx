import { Avatar, type AvatarProps } from '@mui/material';
import { initials } from '@tourdesk/contracts/format';

/** The uploaded picture when there is one, else the initials of the card name (spec §9). */
export function UserAvatar({
  name,
  src,
  sx,
  ...props
}: { name: string; src?: string | null } & Omit<AvatarProps, 'src'>) {
  // MUI's grey initials background gives white text 1.9:1; grey 700 gives 5.3:1 (WCAG AA) in both themes.
  return (
    <Avatar
      src={src ?? undefined}
      alt={name}
      sx={[{ bgcolor: 'grey.700', color: 'common.white' }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...props}
    >
      {src ? null : initials(name)}
    </Avatar>
  );
}
