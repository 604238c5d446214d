import type { SvgIconComponent } from '@mui/icons-material';
import AdsClickIcon from '@mui/icons-material/AdsClick';
import BlockIcon from '@mui/icons-material/Block';
import CropFreeIcon from '@mui/icons-material/CropFree';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import SquareIcon from '@mui/icons-material/Square';
import type { SeatCellKind } from '@tourdesk/contracts/seat-plans.schema';
import { SEAT_KIND_ICONS } from '../../shared/seat-grid.tsx';

/** What a click in the editor does: choose a cell (to set its number), block or unblock a seat, or paint a kind. */
export type EditorTool = 'select' | 'block' | SeatCellKind;

export const TOOL_ICONS: Record<EditorTool, SvgIconComponent> = {
  select: AdsClickIcon,
  block: BlockIcon,
  seat: EventSeatIcon,
  terrain: CropFreeIcon,
  wall: SquareIcon,
  driver: SEAT_KIND_ICONS.driver,
  door: SEAT_KIND_ICONS.door,
  wc: SEAT_KIND_ICONS.wc,
  table: SEAT_KIND_ICONS.table,
  guide: SEAT_KIND_ICONS.guide,
  kitchen: SEAT_KIND_ICONS.kitchen,
  stairs: SEAT_KIND_ICONS.stairs,
};
