import type { JSX, SVGProps } from 'react';
import { cn } from '../../lib/cn';
import type { IconName } from './names';

declare const __ICON_SPRITE__: string | undefined;

/** The sprite's hashed address, fixed at build time (unit tests render without a build). */
export const ICON_SPRITE = typeof __ICON_SPRITE__ === 'string' ? __ICON_SPRITE__ : '/assets/icons.svg';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'>;
export type IconComponent = ((props: IconProps) => JSX.Element) & { displayName?: string };

/**
 * One icon from the sprite. Stroke, size and colour come from CSS (`.icon` in styles.css and the
 * caller's classes), so `fill-current`, `text-*` and `size-*` work as they do on inline SVG. An
 * icon given a label is an image (ARIA names no role-less svg).
 */
function icon(name: IconName): IconComponent {
  const Icon: IconComponent = ({ className, ...props }) => (
    <svg className={cn('icon', className)} role={props['aria-label'] ? 'img' : undefined} {...props}>
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
  Icon.displayName = `Icon(${name})`;
  return Icon;
}

export const Accessibility = icon('accessibility');
export const Activity = icon('activity');
export const AlertCircle = icon('circle-alert');
export const AlertTriangle = icon('triangle-alert');
export const ArrowLeft = icon('arrow-left');
export const BadgeCheck = icon('badge-check');
export const BarChart3 = icon('chart-column');
export const BellRing = icon('bell-ring');
export const Bookmark = icon('bookmark');
export const CalendarDays = icon('calendar-days');
export const CheckCircle2 = icon('circle-check');
export const ChevronLeft = icon('chevron-left');
export const ChevronRight = icon('chevron-right');
export const Circle = icon('circle');
export const Clock = icon('clock');
export const CloudDownload = icon('cloud-download');
export const CloudOff = icon('cloud-off');
export const Contrast = icon('contrast');
export const Copy = icon('copy');
export const Download = icon('download');
export const ExternalLink = icon('external-link');
export const Eye = icon('eye');
export const EyeOff = icon('eye-off');
export const FileText = icon('file-text');
export const Flame = icon('flame');
export const Hash = icon('hash');
export const Headphones = icon('headphones');
export const History = icon('history');
export const Home = icon('house');
export const ImageOff = icon('image-off');
export const ImageUp = icon('image-up');
export const Info = icon('info');
export const LayoutDashboard = icon('layout-dashboard');
export const Lightbulb = icon('lightbulb');
export const Link2 = icon('link-2');
export const LoaderCircle = icon('loader-circle');
export const LogOut = icon('log-out');
export const Mail = icon('mail');
export const Maximize = icon('maximize');
export const Menu = icon('menu');
export const MessageCircle = icon('message-circle');
export const MessageSquarePlus = icon('message-square-plus');
export const MessagesSquare = icon('messages-square');
export const Minus = icon('minus');
export const Moon = icon('moon');
export const Newspaper = icon('newspaper');
export const Pause = icon('pause');
export const Play = icon('play');
export const PlayCircle = icon('circle-play');
export const Plus = icon('plus');
export const RefreshCcw = icon('refresh-ccw');
export const RefreshCw = icon('refresh-cw');
export const Reply = icon('reply');
export const RotateCcw = icon('rotate-ccw');
export const Rss = icon('rss');
export const Search = icon('search');
export const SearchX = icon('search-x');
export const Send = icon('send');
export const Share2 = icon('share-2');
export const SlidersHorizontal = icon('sliders-horizontal');
export const Star = icon('star');
export const Sun = icon('sun');
export const Tag = icon('tag');
export const Tags = icon('tags');
export const Trash2 = icon('trash-2');
export const TrendingDown = icon('trending-down');
export const TrendingUp = icon('trending-up');
export const UserRound = icon('user-round');
export const Users = icon('users');
export const Volume1 = icon('volume-1');
export const Volume2 = icon('volume-2');
export const VolumeX = icon('volume-x');
export const WifiOff = icon('wifi-off');
export const X = icon('x');
