// The virtual module's type, as Vite's own client types are declared.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./icon-sprite.d.ts" />
import type { JSX, SVGProps } from 'react';
import spriteUrl from 'virtual:icon-sprite';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'ref'>;
/** An icon of the sprite; what nav items, badges and chips hold. */
export type IconComponent = (props: IconProps) => JSX.Element;

/**
 * A lucide icon drawn from the sprite (build/icon-sprite.ts): `<svg class="icon"><use href=…#Mic>`
 * instead of the icon's paths in the page. Its size, stroke and fill are the `.icon` rule's in
 * theme.css (lucide's own defaults: 24px, currentColor, width 2, round), which utilities such as
 * `size-4` or a fill utility override; `strokeWidth` sets the stroke's width inline. Hidden from
 * assistive technology unless it is given a label, as lucide's are.
 */
export function spriteIcon(name: string): IconComponent {
  function SpriteIcon({ className, strokeWidth, style, ...rest }: IconProps) {
    const labelled = rest['aria-label'] !== undefined || rest['aria-labelledby'] !== undefined || rest.role !== undefined;
    return (
      <svg
        className={className ? `icon ${className}` : 'icon'}
        style={strokeWidth === undefined ? style : { ...style, strokeWidth }}
        aria-hidden={labelled ? undefined : true}
        {...rest}
      >
        <use href={`${spriteUrl}#${name}`} />
      </svg>
    );
  }
  SpriteIcon.displayName = name;
  return SpriteIcon;
}

/** Every icon the apps draw, by lucide-react's names; the sprite holds exactly these. */
export const AlertCircle = spriteIcon('AlertCircle');
export const AlertTriangle = spriteIcon('AlertTriangle');
export const Armchair = spriteIcon('Armchair');
export const ArrowBigUp = spriteIcon('ArrowBigUp');
export const ArrowLeft = spriteIcon('ArrowLeft');
export const BadgeCheck = spriteIcon('BadgeCheck');
export const Ban = spriteIcon('Ban');
export const Banknote = spriteIcon('Banknote');
export const BarChart3 = spriteIcon('BarChart3');
export const Bell = spriteIcon('Bell');
export const BellOff = spriteIcon('BellOff');
export const Briefcase = spriteIcon('Briefcase');
export const Building2 = spriteIcon('Building2');
export const Calculator = spriteIcon('Calculator');
export const Calendar = spriteIcon('Calendar');
export const CalendarPlus = spriteIcon('CalendarPlus');
export const CalendarX = spriteIcon('CalendarX');
export const ChartColumn = spriteIcon('ChartColumn');
export const Check = spriteIcon('Check');
export const CheckCircle2 = spriteIcon('CheckCircle2');
export const ChevronDown = spriteIcon('ChevronDown');
export const CircleCheck = spriteIcon('CircleCheck');
export const CircleHelp = spriteIcon('CircleHelp');
export const CircleUserRound = spriteIcon('CircleUserRound');
export const Clock = spriteIcon('Clock');
export const Copy = spriteIcon('Copy');
export const DatabaseBackup = spriteIcon('DatabaseBackup');
export const Download = spriteIcon('Download');
export const ExternalLink = spriteIcon('ExternalLink');
export const Eye = spriteIcon('Eye');
export const EyeOff = spriteIcon('EyeOff');
export const FileJson = spriteIcon('FileJson');
export const FileSpreadsheet = spriteIcon('FileSpreadsheet');
export const FileText = spriteIcon('FileText');
export const Flag = spriteIcon('Flag');
export const Globe2 = spriteIcon('Globe2');
export const GraduationCap = spriteIcon('GraduationCap');
export const HardDrive = spriteIcon('HardDrive');
export const History = spriteIcon('History');
export const ImageIcon = spriteIcon('ImageIcon');
export const ImageOff = spriteIcon('ImageOff');
export const Inbox = spriteIcon('Inbox');
export const KeyRound = spriteIcon('KeyRound');
export const LifeBuoy = spriteIcon('LifeBuoy');
export const Lightbulb = spriteIcon('Lightbulb');
export const Link2 = spriteIcon('Link2');
export const ListPlus = spriteIcon('ListPlus');
export const Loader2 = spriteIcon('Loader2');
export const LoaderCircle = spriteIcon('LoaderCircle');
export const Lock = spriteIcon('Lock');
export const LogIn = spriteIcon('LogIn');
export const LogOut = spriteIcon('LogOut');
export const MapPin = spriteIcon('MapPin');
export const MessageCircleQuestion = spriteIcon('MessageCircleQuestion');
export const MessageSquare = spriteIcon('MessageSquare');
export const MessagesSquare = spriteIcon('MessagesSquare');
export const Mic = spriteIcon('Mic');
export const Minus = spriteIcon('Minus');
export const MonitorCog = spriteIcon('MonitorCog');
export const Moon = spriteIcon('Moon');
export const Paperclip = spriteIcon('Paperclip');
export const Pencil = spriteIcon('Pencil');
export const Play = spriteIcon('Play');
export const Plus = spriteIcon('Plus');
export const RefreshCw = spriteIcon('RefreshCw');
export const RotateCcw = spriteIcon('RotateCcw');
export const ScrollText = spriteIcon('ScrollText');
export const Search = spriteIcon('Search');
export const Send = spriteIcon('Send');
export const Share2 = spriteIcon('Share2');
export const ShieldCheck = spriteIcon('ShieldCheck');
export const SlidersHorizontal = spriteIcon('SlidersHorizontal');
export const Square = spriteIcon('Square');
export const SquarePen = spriteIcon('SquarePen');
export const Sun = spriteIcon('Sun');
export const Tag = spriteIcon('Tag');
export const Ticket = spriteIcon('Ticket');
export const Trash2 = spriteIcon('Trash2');
export const TriangleAlert = spriteIcon('TriangleAlert');
export const Upload = spriteIcon('Upload');
export const UserCog = spriteIcon('UserCog');
export const UserPlus = spriteIcon('UserPlus');
export const UserRound = spriteIcon('UserRound');
export const Users = spriteIcon('Users');
export const UsersRound = spriteIcon('UsersRound');
export const Video = spriteIcon('Video');
export const Vote = spriteIcon('Vote');
export const Wrench = spriteIcon('Wrench');
export const X = spriteIcon('X');
export const XCircle = spriteIcon('XCircle');
